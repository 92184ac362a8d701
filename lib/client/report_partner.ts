// Reporting the partner from the live view: the report filed, or the failure said.
import { errorMessage, postJson, statusOf } from "./api.ts";
import { toast } from "./toast.ts";
import { tr } from "../shared/i18n/messages.ts";
import type live from "../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/** A report as the dialog makes it: a reason, details, and whether to block the partner too. */
export interface ReportInput {
  reportReason: string;
  additionalDetails: string;
  blockUser: boolean;
}

/**
 * Files a report of the partner: true once it is filed (or was already: a 409 says an earlier
 * try landed, which is what was asked); a failure is said in a toast.
 */
export async function fileReport(
  input: ReportInput,
  partnerPeerId: string,
  onReporting: (sending: boolean) => void,
): Promise<boolean> {
  onReporting(true);
  try {
    await postJson("/api/report", { ...input, partnerPeerId });
  } catch (err) {
    if (statusOf(err) !== 409) {
      onReporting(false);
      const text = errorMessage(err, "");
      const failed = t("reportFailed");
      toast({
        title: failed,
        ...(text && text !== failed ? { description: text } : {}),
        variant: "destructive",
      });
      return false;
    }
  }
  return true;
}
