// Report reasons and texts. Safe for the browser bundle.
export const REPORT_REASONS = [
  { id: "inappropriate", label: "Inappropriate Content" },
  { id: "harassment", label: "Harassment or Bullying" },
  { id: "illegal", label: "Illegal Activity" },
  { id: "impersonation", label: "Impersonation" },
  { id: "minor", label: "Underage User" },
  { id: "other", label: "Other" },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]["id"];

/** Reports one member may file in a day (UTC). */
export const REPORTS_PER_DAY = 20;

// Pure: its template text would keep it in the live page's script, which shows none of it.
export const REPORT_TEXT = /* @__PURE__ */ (() =>
  ({
    reasonRequired: "Please select a reason for reporting",
    detailsRequired: "Please provide additional details for your report",
    failed: "Failed to submit your report. Please try again.",
    unknownPartner:
      "We could not find that session. You can report partners of the last 24 hours only.",
    submitted: "Thank you. Your report has been submitted.",
    alreadyReported: "You have already reported this session. Our moderators will review it.",
    dailyLimit:
      `You can send at most ${REPORTS_PER_DAY} reports a day. Please try again tomorrow, or block the member instead.`,
  }) as const)();
