// What the legal pages print about the operator, as the configuration gives it (lib/server/config.ts).

/** What the legal pages print about the operator: name, address and mailboxes. */
export interface LegalInfo {
  operatorName: string;
  operatorAddress: string;
  supportEmail: string;
  privacyEmail: string;
  dpoEmail: string;
}
