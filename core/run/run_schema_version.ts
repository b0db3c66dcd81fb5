/** The version of the stored documents' shape; a change of meaning is a new version. */
export const RUN_SCHEMA_VERSION = 1;
