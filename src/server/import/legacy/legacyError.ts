// What the importer's client throws: a failed request or a malformed answer of the original.
export class LegacyError extends Error {
  /** 'entity': this answer is malformed or missing (skip it); 'site': the original failed. */
  constructor(
    message: string,
    readonly scope: 'entity' | 'site' = 'site',
  ) {
    super(message);
  }
}
