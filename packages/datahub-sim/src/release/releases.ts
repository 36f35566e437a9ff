/**
 * The DataHub releases the simulator can be: each serves that release's schema (a checked subset of it) and reports
 * its version at `GET /config`. `current` is DataHub's master as of the shared reference schema.
 */
export const DATAHUB_RELEASES = ['1.0.0', '1.3.0', 'current'] as const;
export type DataHubRelease = (typeof DATAHUB_RELEASES)[number];

export const isDataHubRelease = (value: string): value is DataHubRelease =>
  (DATAHUB_RELEASES as readonly string[]).includes(value);

/**
 * The version GMS reports for a release (`GitVersion.version`: the `git describe` tag, `v` included). The reference
 * schema of `current` is master after v1.6.0 (shared/reference/datahub-graphql/SOURCE.md), reported as its last tag.
 */
export const REPORTED_VERSION: Record<DataHubRelease, string> = {
  '1.0.0': 'v1.0.0',
  '1.3.0': 'v1.3.0',
  current: 'v1.6.0',
};

/** The release's schema file: src/schema/datahub.graphql for current, schemas/v<release>/datahub.graphql before. */
export const sdlUrl = (release: DataHubRelease): URL =>
  release === 'current'
    ? new URL('../schema/datahub.graphql', import.meta.url)
    : // from src/release/ and from dist/release/ alike: the package's schemas/ folder
      new URL(`../../schemas/v${release}/datahub.graphql`, import.meta.url);
