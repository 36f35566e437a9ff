import type { ServerResponse } from 'node:http';
import { sendText } from './responses.js';

/**
 * GMS's `GET /config` (metadata-service/servlet Config.java): the server's capabilities and, under
 * `versions["acryldata/datahub"]`, its version (GitVersion.toConfig: the `git describe` tag before its first `-`, and
 * the commit). Printed with Jackson's default pretty printer. The keys are those of DataHub's own baseline test of the
 * servlet (ConfigServletBaselineTest); values are a default self-hosted GMS's. Clients read it before they send
 * GraphQL (DataHub's Python and Java clients take the version from it).
 */
export function configBody(version: string, timeZone: string): Record<string, unknown> {
  return {
    noCode: 'true',
    retention: 'true',
    statefulIngestionCapable: true,
    patchCapable: true,
    timeZone,
    supportsImpactAnalysis: true,
    versions: { 'acryldata/datahub': { version, commit: '0000000000000000000000000000000000000000' } },
    telemetry: { enabledCli: false, enabledIngestion: false },
    managedIngestion: { enabled: true, defaultCliVersion: version.replace(/^v/, '') },
    datahub: { serverType: 'prod', serverEnv: 'core' },
    datasetUrnNameCasing: false,
    models: {},
  };
}

/**
 * Answers `GET /config`. Unconfirmed in DataHub's source here: that GMS's authentication filter leaves `/config` open
 * (its default excluded paths); the simulator answers it without a token, as DataHub's CLI expects before it logs in.
 */
export function sendConfig(res: ServerResponse, version: string): void {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // Jackson's DefaultPrettyPrinter writes `"key" : value`, which JSON.stringify's indent does not; the bytes of the
  // spacing do not matter to a JSON client, so the simulator keeps JSON.stringify's.
  sendText(res, 200, `${JSON.stringify(configBody(version, timeZone), null, 2)}\n`);
}
