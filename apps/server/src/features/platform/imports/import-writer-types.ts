/** A row that passed the preview, as the commit reads it back. */
export interface StagedRow {
  line: number;
  externalId: string | null;
  data: Record<string, unknown>;
}

/** What a batch wrote, and the rows it refused with their sentences (they were not written at all). */
export interface BatchResult {
  created: number;
  updated: number;
  rejected: { line: number; message: string }[];
}
