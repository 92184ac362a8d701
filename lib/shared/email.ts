// A message the app sends, and the same message as the outbox keeps it.

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredEmail extends EmailMessage {
  id: string;
  from: string;
  sentAt: string;
}
