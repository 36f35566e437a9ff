/** An UPSERT MCP in a metadata file's JSON form: the record most tests load. */
export const mcp = (entityType: string, entityUrn: string, aspectName: string, json: object) => ({
  entityType,
  entityUrn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { json },
});
