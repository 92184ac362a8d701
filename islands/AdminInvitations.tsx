// /admin/invitations: an administrator creates 1 to 50 invitation codes with one click and
// copies them, one by one or all at once (components/admin/InvitationCodes.tsx).
import { useState } from "react";
import { apiRequest } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { INVITATIONS_MAX } from "../lib/shared/admin.ts";
import { t } from "../components/admin/labels.ts";
import { accessDenied, isDenied } from "../lib/client/admin/hooks.ts";
import { InvitationCodes } from "../components/admin/InvitationCodes.tsx";

export default function AdminInvitations(_props: Record<string, never>) {
  const [count, setCount] = useState("10");
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  async function create(e: Event) {
    e.preventDefault();
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > INVITATIONS_MAX) {
      return setProblem(t("badInvitationCount"));
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await apiRequest<{ codes: string[] }>("POST", "/api/admin/invitations", {
        count: n,
      });
      setCodes(answer.codes);
      toast({
        title: t("invitationsCreated", { count: answer.codes.length }),
        variant: "success",
      });
    } catch (err) {
      if (isDenied(err)) return accessDenied();
      toast({
        title: t("error"),
        description: t("invitationsFailed"),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="stack">
      <form class="card stack admin-invitations-form" onSubmit={create} noValidate>
        <p class="muted">{t("invitationsIntro")}</p>
        <div class="admin-invitations-row">
          <label class="field">
            <span>{t("invitationsCount")}</span>
            <input
              type="number"
              name="count"
              min={1}
              max={INVITATIONS_MAX}
              step={1}
              inputMode="numeric"
              value={count}
              onInput={(e) => setCount(e.currentTarget.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "invitations-error" : undefined}
            />
          </label>
          <button type="submit" class="button button-primary" disabled={busy}>
            {busy ? t("invitationsCreating") : t("invitationsCreate")}
          </button>
        </div>
        {problem && <p id="invitations-error" class="form-error" role="alert">{problem}</p>}
      </form>
      {codes.length > 0 && <InvitationCodes codes={codes} />}
    </div>
  );
}
