import { describe, expect, it } from 'vitest';
import { modelRefProblem, urnProblem } from '@janus/datahub-sim/urn';

// Issue 20, case 2: a malformed urn was sent to DataHub, whose answer looked like an outage (exit 3).
describe("DataHub's urn grammar", () => {
  it.each([
    'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_detector_v4,PROD)',
    'urn:li:dataset:(urn:li:dataPlatform:snowflake,raw.events,PROD)',
    'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,raw.events,PROD),user_id)',
    'urn:li:dataJob:(urn:li:dataFlow:(airflow,growth_etl,PROD),build_stg_sessions)',
    'urn:li:corpuser:jdoe',
  ])('parses %s', (urn) => expect(urnProblem(urn)).toBeUndefined());

  it.each([
    ['urn:li:mlModel:(', 'not closed'],
    ['urn:li:mlModel:)', 'parenthesis outside a tuple'],
    ['urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud,PROD))', 'follows the tuple'],
    ['urn:li:mlModel:a)b', 'parenthesis outside'],
    ['urn:li:mlModel:(urn:li:dataPlatform:mlflow,,PROD)', 'part 2 of the tuple'],
    ['urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud,PROD)x', 'follows the tuple'],
    ['urn:li:mlModel:', 'key is empty'],
    ['urn:xx:mlModel:a', 'namespace'],
    ['urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud,PROD)\n', 'control character'],
    ['urn:li:dataset:(urn:li:dataPlatform:(x,a,PROD)', 'not closed'],
  ])('refuses %j, saying what is wrong', (urn, says) => expect(urnProblem(urn)).toContain(says));

  it('refuses urns nested deeper than the limit', () => {
    let urn = 'urn:li:corpuser:x';
    for (let i = 0; i < 20; i++) urn = `urn:li:schemaField:(${urn},f)`;
    expect(urnProblem(urn)).toContain('nest deeper');
  });

  it('takes a model as a name or an ML model urn of three parts', () => {
    expect(modelRefProblem('fraud_detector_v4')).toBeUndefined();
    expect(modelRefProblem('urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud,PROD)')).toBeUndefined();
    expect(modelRefProblem('')).toContain('empty');
    expect(modelRefProblem('urn:li:dataset:(urn:li:dataPlatform:x,a,PROD)')).toContain('a dataset urn, not');
    expect(modelRefProblem('urn:li:mlModel:fraud')).toContain('expected urn:li:mlModel:(');
    expect(modelRefProblem('urn:li:mlModel:(mlflow,fraud,PROD)')).toContain('platform');
    expect(modelRefProblem('urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud,prod)')).toContain('fabric');
  });
});
