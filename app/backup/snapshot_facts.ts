/** What a backup reads from its own database snapshot, for the manifest and the file copy. */
export interface SnapshotFacts {
  /** The migrations recorded in adonis_schema, in order. */
  migrations: string[]
  /** Every table of the snapshot with its row count. */
  tables: Record<string, number>
  /** The stored-file keys the snapshot's rows point to. */
  storageKeys: string[]
}
