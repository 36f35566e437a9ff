// Fragments copied verbatim from shared/reference/datahub-ops-examples/fragments.graphql: operations written only
// against DataHub's schema, which the simulator must answer as DataHub would.
export const OWNER_FIELDS = /* GraphQL */ `
  fragment OwnerFields on Ownership {
    owners {
      owner {
        ... on CorpUser {
          urn
          username
          status
          properties {
            active
            displayName
            email
          }
          editableProperties {
            displayName
            email
            slack
          }
        }
        ... on CorpGroup {
          urn
          name
          properties {
            displayName
            email
            slack
          }
          editableProperties {
            email
            slack
          }
        }
      }
      ownershipType {
        urn
        info {
          name
        }
      }
      associatedUrn
    }
    lastModified {
      time
      actor
    }
  }
`;

/** JanusGetFeature, verbatim from shared/reference/datahub-ops-examples/model.graphql. */
export const GET_FEATURE = /* GraphQL */ `
  query JanusGetFeature($urn: String!) {
    mlFeature(urn: $urn) {
      urn
      name
      featureNamespace
      dataType
      properties {
        description
        dataType
        sources {
          urn
          name
          platform {
            name
          }
        }
      }
      ownership {
        ...OwnerFields
      }
    }
  }
  ${OWNER_FIELDS}
`;
