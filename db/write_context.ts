/** Who writes and when: the actor recorded in the audit, and the write's clock. */
export interface ManageWriteContext {
  actor: string;
  now: Date;
}
