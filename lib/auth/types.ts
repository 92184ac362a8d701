// The signed-in member as the server and the pages see them (never the password hash).
export type Role = "member" | "admin";

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  emailVerified: boolean;
  role: Role;
}
