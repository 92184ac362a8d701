// Browser state of /admin/second-factor: a code form (the code, a busy flag and the server's
// refusal, shown beside the field), and the calls to /api/admin/second-factor. A refused code
// leaves the form as it was, with the refusal's text, and the field emptied for the next code.
import { useState } from "react";
import type { JSX } from "react";
import { errorMessage, postJson } from "../api.ts";
import { t } from "./texts.ts";
import { signInWithPasskey } from "../passkey.ts";

export const SECOND_FACTOR_API = "/api/admin/second-factor";

export type CodeForm = ReturnType<typeof useCodeForm>;

/** A form that sends one code with `send`; its refusal shows under the field. */
export function useCodeForm(send: (code: string) => Promise<void>) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await send(code);
    } catch (err) {
      setProblem(errorMessage(err, t("sfFailed")));
      setCode("");
    } finally {
      setBusy(false);
    }
  }

  return { code, setCode, busy, problem, submit };
}

/** A secret to add to the authenticator app, until a first code confirms it. */
export interface PendingSecret {
  secret: string;
  uri: string;
}

export const startTotp = () => postJson<PendingSecret>(`${SECOND_FACTOR_API}/totp/start`);

/** Sends a code to `action` (confirm, verify, recovery-codes, remove); the new recovery codes. */
export async function sendCode(
  action: "totp/confirm" | "verify" | "recovery-codes" | "totp/remove",
  code: string,
): Promise<string[] | null> {
  const answer = await postJson<{ recoveryCodes?: string[] }>(`${SECOND_FACTOR_API}/${action}`, {
    code,
  });
  return answer?.recoveryCodes ?? null;
}

/** Gives the factor for this session with one of the administrator's passkeys. */
export async function usePasskeyFactor() {
  const o = await postJson<Record<string, unknown>>(`${SECOND_FACTOR_API}/passkey/options`);
  await signInWithPasskey(o, false, undefined, `${SECOND_FACTOR_API}/passkey`);
}

/** The base32 key in groups of four, as people type it. */
export function groupKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}
