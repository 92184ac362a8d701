// The admin pages in other languages: the messages the server and the rules name read in English
// as they always did and are translated in every language, the users table and a report card
// rendered in Japanese keep no English word of the catalog, and the dates read as Intl writes them
// in the page's language (German here), English unchanged.
import assert from "node:assert/strict";
import { h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { sayIn, serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { type Message, withMessages } from "../../lib/shared/i18n/messages.ts";
import { type Locale, LOCALES } from "../../lib/shared/i18n/locales.ts";
import { type MessageName, said } from "../../lib/shared/i18n/said.ts";
import en from "../../lib/shared/i18n/catalog/admin/en.ts";
import {
  ADMIN_PAGE_MAX,
  type AdminReport,
  type AdminUser,
  banDays,
  INVITATIONS_MAX,
} from "../../lib/shared/admin.ts";
import { BAN_MAX_DAYS, BAN_REASON_MAX } from "../../lib/shared/moderation/bans.ts";
import { REPORT_REASONS, REPORTS_PER_DAY } from "../../lib/shared/moderation/report_texts.ts";
import { UsersTable } from "../../components/admin/UsersTable.tsx";
import { USER_COLUMNS } from "../../components/admin/UserColumns.tsx";
import { DIRECT_USER_COLUMNS } from "../../components/admin/DirectUserColumns.tsx";
import { ListFooter } from "../../components/admin/ListFooter.tsx";
import { ReportCard } from "../../components/admin/ReportCard.tsx";
import { ReportTabs } from "../../components/admin/ReportTabs.tsx";
import { BanDialog } from "../../components/admin/BanDialog.tsx";
import { systemStatus } from "../../lib/server/admin/system.ts";
import { reasonText, spanText } from "../../components/admin/labels.ts";
import { english } from "../helpers/english.ts";

const CREATED = "2026-12-01T15:04:05.000Z";
const USERS: AdminUser[] = [
  {
    id: "0a1b2c3d-0000-4000-8000-000000000001",
    username: "alice",
    email: "alice@example.org",
    emailVerified: false,
    createdAt: CREATED,
    location: "",
    faceBlurEnabled: true,
    role: "admin",
    ban: null,
  },
  {
    id: "0a1b2c3d-0000-4000-8000-000000000002",
    username: "bob",
    email: "bob@example.org",
    emailVerified: true,
    createdAt: "2026-01-02T08:00:00.000Z",
    location: "Lyon, France",
    faceBlurEnabled: false,
    role: "member",
    ban: { reason: "spam", until: "2027-01-05T10:30:00.000Z", at: CREATED },
  },
];
const HANDLERS = { onVerify() {}, onDelete() {}, onBan() {}, onUnban() {} };
const PAGE = { users: USERS, nextCursor: "next", total: 1234 };

const REPORT: AdminReport = {
  id: "r1",
  status: "pending",
  createdAt: CREATED,
  reporterUsername: "carol",
  reportedId: "u2",
  reportedUsername: "bob",
  reportReason: "harassment",
  additionalDetails: "",
  partnerPeerId: "p1",
  blocked: true,
  reviewedAt: null,
  reporters: 2,
  reportedBan: { until: null },
  context: {
    matchStartedAt: "2026-12-01T14:58:00.000Z",
    matchEndedAt: null,
    reporter: { locationPreference: "global", hashtag: "#hiking", location: "Osaka, Japan" },
    reported: { locationPreference: "nearby", hashtag: "", location: "" },
  },
};

function inLocale<P>(locale: Locale, node: VNode<P>): string {
  return withMessages(serverMessages(locale), () => renderToString(node as unknown as VNode));
}

const usersTable = (columns = USER_COLUMNS) =>
  h(UsersTable, {
    columns,
    list: { page: PAGE, loading: false },
    actions: { busyId: null, handlers: HANDLERS },
    zone: "UTC",
    meId: USERS[0].id,
    wrapClass: "admin-table-wrap",
  });
const reportCard = () =>
  h(ReportCard, {
    report: REPORT,
    timeZone: "UTC",
    busy: false,
    onStatus() {},
    onReviewAndBan() {},
  });

/** What a reader gets of the HTML: its text and the attributes read aloud or shown. */
function readable(html: string): string {
  const attrs = [...html.matchAll(/\s(?:aria-label|title|placeholder|alt|data-label)="([^"]*)"/g)]
    .map((m) => m[1]);
  const text = html.replace(/<[^>]+>/g, " ");
  return [...attrs, text].join(" ").replace(/&#?\w+;/g, " ");
}

/** The English catalog's words (three letters or more, placeholders left out). */
const ENGLISH_WORDS = new Set(
  Object.values(en as Record<string, Message>)
    .flatMap((m) => typeof m === "string" ? [m] : Object.values(m))
    .flatMap((text) => text.replace(/\{\w+\}/g, " ").toLowerCase().match(/[a-z]{3,}/g) ?? []),
);

/** English catalog words in `text`, once the members' own data (names, emails, places) is out. */
function englishLeft(text: string, data: string[]): string[] {
  let rest = text;
  for (const d of data) rest = rest.replaceAll(d, " ");
  const words = rest.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => ENGLISH_WORDS.has(w)))];
}

const MEMBER_DATA = [
  ...USERS.flatMap((u) => [u.id, u.username, u.email, u.location, u.ban?.reason ?? ""]),
  "carol",
  "#hiking",
  "Osaka, Japan",
  "UTC",
].filter(Boolean);

Deno.test("admin catalog: the messages the admin side names read in English as before", () => {
  // Counted messages, in each plural form.
  assert.equal(english("admin.invitationsCreated", { count: 1 }), "1 invitation code created");
  assert.equal(english("admin.invitationsCreated", { count: 5 }), "5 invitation codes created");
  assert.equal(english("admin.reportersCount", { count: 1 }), "1 member reported");
  assert.equal(english("admin.reportersCount", { count: 2 }), "2 members reported");
  assert.equal(english("admin.shown", { shown: 2, count: 60 }), "Showing 2 of 60 users");
  assert.equal(english("admin.found", { count: 1 }), "1 matching user");
  assert.equal(english("admin.found", { count: 0 }), "0 matching users");
  assert.equal(english("admin.foundMore", { count: 50 }), "50+ matching users");
  assert.equal(
    english("admin.systemSockets", { count: 1 }),
    "Running (1 open connection on this instance)",
  );
  assert.equal(english("admin.systemOnInstance", { count: 0 }), "0 on this instance");
  assert.equal(english("admin.systemConnected", { ms: "12.5" }), "Connected (12.5 ms)");
  assert.equal(
    english("admin.deleteDescription", { username: "bob" }),
    "This action cannot be undone. This will permanently delete the user bob and all associated data.",
  );
  withMessages(serverMessages("en"), () => assert.equal(reasonText("minor"), "Underage User"));

  // The report reasons' labels (the live dialog's keys), the report tabs and the ban dialog's
  // durations, and the dialog's refusal of a typed number of days.
  for (const r of REPORT_REASONS) assert.equal(r.label.name, `live.reason_${r.id}`);
  assert.deepEqual(REPORT_REASONS.map((r) => sayIn("en", r.label)), [
    "Inappropriate Content",
    "Harassment or Bullying",
    "Illegal Activity",
    "Impersonation",
    "Underage User",
    "Other",
  ]);
  const texts = (html: string, tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, "g"))].map((m) => m[1]);
  const tabs = inLocale("en", h(ReportTabs, { tab: "pending", onTab() {} }));
  assert.deepEqual(texts(tabs, "button"), ["Pending", "Reviewed", "Dismissed", "All Reports"]);
  const dialog = inLocale(
    "en",
    h(BanDialog, { username: "bob", busy: false, error: "", onConfirm() {}, onCancel() {} }),
  );
  assert.deepEqual(texts(dialog, "option"), [
    "1 day",
    "7 days",
    "30 days",
    "Permanent",
    "A number of days",
  ]);
  const typed = banDays("custom", "0");
  assert.ok("error" in typed && typed.error.name === "admin.banBadDays");
  assert.deepEqual(banDays("custom", "12"), { days: 12 });
  assert.deepEqual(banDays("permanent", "12"), { days: undefined });
});

Deno.test("admin catalog: each language states the limits the rules hold", () => {
  // The limits are written into the messages: a changed limit needs its messages changed.
  const limits: [keyof typeof en, number][] = [
    ["banReasonTooLong", BAN_REASON_MAX],
    ["banBadDays", BAN_MAX_DAYS],
    ["reportDailyLimit", REPORTS_PER_DAY],
    ["badInvitationCount", INVITATIONS_MAX],
    ["badLimit", ADMIN_PAGE_MAX],
  ];
  const problems: string[] = [];
  for (const locale of LOCALES) {
    for (const [key, limit] of limits) {
      const text = sayIn(locale, said(`admin.${key}` as MessageName));
      if (!text.includes(String(limit))) problems.push(`${locale} ${key}: ${text}`);
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("admin catalog: the server's refusals and notices in the response's language", () => {
  assert.equal(sayIn("ja", said("admin.userNotFound")), "ユーザーが見つかりません");
  assert.equal(
    sayIn("de", said("admin.bannedDescription", { username: "bob" })),
    "bob ist gesperrt und wurde abgemeldet.",
  );
  // Every message the admin API and the moderation rules answer with is translated.
  const untranslated: string[] = [];
  for (const name of SERVER_MESSAGES) {
    const english = sayIn("en", said(name, { username: "bob" }));
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const text = sayIn(locale, said(name, { username: "bob" }));
      if (text === english) untranslated.push(`${locale} ${name}`);
      if (english.includes("bob") && !text.includes("bob")) untranslated.push(`${locale} ${name}`);
    }
  }
  assert.deepEqual(untranslated, []);
});

/** The messages the admin API and the moderation rules answer with (names as the code writes them). */
const SERVER_MESSAGES: MessageName[] = [
  "admin.notAuthenticated",
  "admin.adminsOnly",
  "admin.accessDenied",
  "admin.userNotFound",
  "admin.reportNotFound",
  "admin.cannotDeleteSelf",
  "admin.reportNotPending",
  "admin.badStatus",
  "admin.badFilter",
  "admin.badQuery",
  "admin.changedMeanwhile",
  "admin.banNeedsReview",
  "admin.badInvitationCount",
  "admin.badCursor",
  "admin.badLimit",
  "admin.banReasonRequired",
  "admin.banReasonTooLong",
  "admin.banBadDays",
  "admin.cannotBanSelf",
  "admin.notBanned",
  "admin.bannedDescription",
  "admin.unbannedDescription",
  "admin.signInBannedForever",
  "admin.userDeletedDescription",
  "admin.emailVerifiedDescription",
  "admin.holdNotHeld",
  "admin.holdLiftedDescription",
  "admin.reportUnknownPartner",
  "admin.reportSubmitted",
  "admin.reportAlreadyReported",
  "admin.reportDailyLimit",
];

Deno.test("admin in Japanese: the users table's columns keep no English word of the catalog", () => {
  for (const columns of [USER_COLUMNS, DIRECT_USER_COLUMNS]) {
    const html = inLocale("ja", usersTable(columns));
    assert.ok(!html.includes("admin."), "no message is missing");
    assert.deepEqual(englishLeft(readable(html), MEMBER_DATA), []);
    assert.match(html, /ユーザー名/);
    // The check bites: the English table is full of the catalog's words.
    assert.ok(englishLeft(readable(inLocale("en", usersTable(columns))), MEMBER_DATA).length > 5);
  }
  const footer = inLocale(
    "ja",
    h(ListFooter, { page: PAGE, searched: "", loadingMore: false, onMore() {} }),
  );
  assert.deepEqual(englishLeft(readable(footer), MEMBER_DATA), []);
  assert.match(footer, /1,234 人中 2 人を表示/);
});

Deno.test("admin in Japanese: a report card keeps no English word of the catalog", () => {
  const html = inLocale("ja", reportCard());
  assert.ok(!html.includes("admin."), "no message is missing");
  assert.deepEqual(englishLeft(readable(html), MEMBER_DATA), []);
  assert.match(html, /嫌がらせ・いじめ/);
  assert.match(html, /2 人が通報/);
  assert.ok(englishLeft(readable(inLocale("en", reportCard())), MEMBER_DATA).length > 10);
});

Deno.test("admin in German: the dates are Intl's, English reads as before", () => {
  const de = inLocale("de", usersTable());
  const day = new Intl.DateTimeFormat("de", { dateStyle: "medium", timeZone: "UTC" });
  assert.ok(de.includes(`<time datetime="${CREATED}">${day.format(new Date(CREATED))}</time>`));
  assert.ok(de.includes("01.12.2026"));
  const until = new Intl.DateTimeFormat("de", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(new Date(USERS[1].ban!.until!));
  assert.ok(de.includes(`Gesperrt bis ${until} UTC`), de);
  assert.ok(de.includes('data-label="Erstellt am"'));

  const card = inLocale("de", reportCard());
  const at = new Intl.DateTimeFormat("de", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(new Date(CREATED));
  assert.ok(card.includes(`${at} UTC`));

  // English: the same texts and formats as before the catalogs.
  const english = inLocale("en", usersTable());
  assert.ok(english.includes(`<time datetime="${CREATED}">Dec 1, 2026</time>`));
  assert.ok(
    english.includes("Banned until Jan 5, 2027, 10:30\u202fAM UTC") ||
      english.includes("Banned until Jan 5, 2027, 10:30 AM UTC"),
  );
  assert.ok(english.includes('aria-label="Face blur for alice: on"'));
  assert.ok(english.includes(">Created At<"));
  assert.equal(withMessages(serverMessages("en"), () => spanText(93_784_000)), "1 d 2 h");
  assert.equal(withMessages(serverMessages("de"), () => spanText(93_784_000)), "1 T. 2 Std.");
});

Deno.test("admin System tab: the environment and the mail provider come in the request's language", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const sources = {
      env: "development" as const,
      email: { name: "outbox" as const },
      hub: {
        instanceId: "abcdefgh-1234",
        metrics: { socketsOpen: 0, liveMatches: 0 },
        waitingCount: () => 0,
      },
      assets: { builtAt: CREATED, inputs: {} },
    };
    const english = await systemStatus(kv, sources, "en");
    assert.equal(english.environment, "Development");
    assert.equal(english.emailProvider, "Outbox (emails kept in KV)");
    const german = await systemStatus(kv, sources, "de");
    assert.equal(german.environment, sayIn("de", said("admin.envDevelopment")));
    assert.equal(german.emailProvider, sayIn("de", said("admin.providerOutbox")));
    assert.notEqual(german.emailProvider, english.emailProvider);
    const resend = await systemStatus(kv, { ...sources, email: { name: "resend" as const } }, "de");
    assert.equal(resend.emailProvider, "Resend");
  } finally {
    kv.close();
  }
});
