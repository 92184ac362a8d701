// The admin pages in other languages: the English catalog mirrors the texts the server and the
// rules write (so their translations are found by their English text), the users table and a
// report card rendered in Japanese keep no English word of the catalog, and the dates read as
// Intl writes them in the page's language (German here), English unchanged.
import assert from "node:assert/strict";
import { h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { localize, type Message, withMessages } from "../../lib/shared/i18n/messages.ts";
import type { Locale } from "../../lib/shared/i18n/locales.ts";
import en from "../../lib/shared/i18n/catalog/admin/en.ts";
import {
  ADMIN_TEXT,
  type AdminReport,
  type AdminUser,
  SYSTEM_TEXT,
} from "../../lib/shared/admin.ts";
import { BAN_TEXT } from "../../lib/shared/moderation/bans.ts";
import { REPORT_REASONS, REPORT_TEXT } from "../../lib/shared/moderation/report_texts.ts";
import { UsersTable } from "../../components/admin/UsersTable.tsx";
import { USER_COLUMNS } from "../../components/admin/UserColumns.tsx";
import { DIRECT_USER_COLUMNS } from "../../components/admin/DirectUserColumns.tsx";
import { ListFooter } from "../../components/admin/ListFooter.tsx";
import { ReportCard } from "../../components/admin/ReportCard.tsx";
import { reasonText, spanText, t } from "../../components/admin/labels.ts";

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

Deno.test("admin catalog: English mirrors ADMIN_TEXT, BAN_TEXT, REPORT_TEXT and SYSTEM_TEXT", () => {
  const values = new Set(Object.values(en).filter((m) => typeof m === "string"));
  const missing: string[] = [];
  for (const source of [ADMIN_TEXT, BAN_TEXT, REPORT_TEXT, SYSTEM_TEXT]) {
    for (const [key, text] of Object.entries(source)) {
      if (typeof text === "string" && !values.has(text)) missing.push(`${key}: ${text}`);
    }
  }
  for (const r of REPORT_REASONS) if (!values.has(r.label)) missing.push(`reason ${r.id}`);
  assert.deepEqual(missing, []);

  // What the functions build reads the same from the catalog in English.
  withMessages(serverMessages("en"), () => {
    for (const n of [0, 1, 2, 50]) {
      assert.equal(t("invitationsCreated", { count: n }), ADMIN_TEXT.invitationsCreated(n));
      assert.equal(t("reportersCount", { count: n }), ADMIN_TEXT.reportersCount(n));
      assert.equal(t("shown", { shown: n, count: 60 }), ADMIN_TEXT.shown(n, 60));
      assert.equal(t("found", { count: n }), ADMIN_TEXT.found(n, false));
      assert.equal(t("foundMore", { count: n }), ADMIN_TEXT.found(n, true));
      assert.equal(t("systemSockets", { count: n }), SYSTEM_TEXT.sockets(n));
      assert.equal(t("systemOnInstance", { count: n }), SYSTEM_TEXT.onInstance(n));
    }
    assert.equal(t("deleteDescription", { username: "bob" }), ADMIN_TEXT.deleteDescription("bob"));
    assert.equal(t("systemConnected", { ms: "12.5" }), SYSTEM_TEXT.connected(12.5));
    assert.equal(reasonText("minor"), "Underage User");
  });

  // The server's errors are found by their English text, in every language.
  const ja = serverMessages("ja");
  assert.equal(localize(ADMIN_TEXT.userNotFound, ja.texts), "ユーザーが見つかりません");
  assert.equal(localize(BAN_TEXT.badDays, ja.texts), ja.messages.admin.banBadDays);
  assert.equal(
    localize(BAN_TEXT.bannedDescription("bob"), serverMessages("de").texts),
    "bob ist gesperrt und wurde abgemeldet.",
  );
});

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
