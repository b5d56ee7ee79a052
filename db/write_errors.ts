/** Why a write was refused, with the HTTP status the management API answers with. */
export class WriteError extends Error {
  override name = "WriteError";
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422,
    readonly code: string,
    message: string,
    /** The current state, for a 409: the client can resynchronise from it. */
    readonly current?: unknown,
  ) {
    super(message);
  }
}
