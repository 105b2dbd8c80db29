/**
 * A backup or restore that stops for a reason the operator can act on (a damaged archive, a
 * database that already holds data): the command prints the message alone and exits 1.
 */
export class BackupRefusal extends Error {}
