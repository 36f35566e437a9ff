/**
 * Record class keys of MCE files → aspect and entity names.
 * Keys come as `com.linkedin.pegasus2avro.<ns>.<Record>`, `com.linkedin.<ns>.<Record>` or stripped.
 */

/**
 * Snapshot members whose `@Aspect` name is not the record name with a lower-case first letter
 * (DATAHUB-FILE-FORMAT.md section 2, checked against every `@Aspect` in DataHub's PDL).
 */
const ASPECT_NAME_EXCEPTIONS: Record<string, string> = {
  TrainingData: 'mlModelTrainingData',
  EvaluationData: 'mlModelEvaluationData',
  Metrics: 'mlModelMetrics',
  QuantitativeAnalyses: 'mlModelQuantitativeAnalyses',
  EthicalConsiderations: 'mlModelEthicalConsiderations',
  CaveatsAndRecommendations: 'mlModelCaveatsAndRecommendations',
};

const CLASS_KEY = /^(?:com\.linkedin\.(?:pegasus2avro\.)?)?(?:[a-z][A-Za-z0-9_]*\.)*([A-Z][A-Za-z0-9_]*)$/;
const SNAPSHOT_KEY = /^(?:com\.linkedin\.(?:pegasus2avro\.)?metadata\.snapshot\.)?([A-Z][A-Za-z0-9]*)Snapshot$/;

/** The record name in a class key (`com.linkedin.pegasus2avro.dataset.UpstreamLineage` → `UpstreamLineage`). */
export const recordNameOf = (classKey: string): string | undefined => CLASS_KEY.exec(classKey)?.[1];

/** The aspect name DataHub registers for an aspect record class, or undefined for a malformed key. */
export function aspectNameForClass(classKey: string): string | undefined {
  const record = recordNameOf(classKey);
  if (!record) return undefined;
  const exception = ASPECT_NAME_EXCEPTIONS[record];
  if (exception) return exception;
  // The ML acronym is lower-cased as a whole: MLModelProperties → mlModelProperties, MLModelKey → mlModelKey,
  // and inside editable records: EditableMLModelProperties → editableMlModelProperties.
  if (/^ML[A-Z]/.test(record)) return `ml${record.slice(2)}`;
  const editableMl = /^EditableML([A-Z].*)$/.exec(record);
  if (editableMl) return `editableMl${editableMl[1]}`;
  return record[0]!.toLowerCase() + record.slice(1);
}

/** The snapshot's entity name (`…snapshot.MLModelSnapshot` → `MLModel`), or undefined when not a snapshot key. */
export const snapshotEntityOf = (snapshotKey: string): string | undefined => SNAPSHOT_KEY.exec(snapshotKey)?.[1];
