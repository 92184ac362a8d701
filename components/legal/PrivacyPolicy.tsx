// The fourteen sections of the Privacy Policy page (/privacy-policy), texts from the "legal"
// catalog ("privacy…" keys).
// Operator name, address and mailboxes always come from configuration, never from this file.
import type { LegalInfo } from "../../lib/shared/legal.ts";
import type { IpRelay } from "../../lib/shared/profile.ts";
import { localize, tr } from "../../lib/shared/i18n/messages.ts";
import { said, say } from "../../lib/shared/i18n/said.ts";
import type legalTexts from "../../lib/shared/i18n/catalog/legal/en.ts";
import type common from "../../lib/shared/i18n/catalog/common/en.ts";
import { REPORT_REASONS } from "../../lib/shared/moderation/report_texts.ts";
import { LegalArticle } from "./LegalArticle.tsx";
import { MailLink, rich, strong } from "./rich.tsx";

const t = tr<typeof legalTexts>("legal");
const tc = tr<typeof common>("common");

type Key = keyof typeof legalTexts;

/** A list of messages, one item each, their <strong> parts in bold. */
function Items({ keys }: { keys: Key[] }) {
  return <ul>{keys.map((key) => <li key={key}>{rich(t(key), { strong })}</li>)}</ul>;
}

/** What the policy says of a partner learning the member's IP address, as this site is set up. */
function ipAddressNote(relay: IpRelay): string {
  // The switch as the profile names it.
  const label = say(said("profile.hideIp"));
  if (relay.always) return t("privacyIpAlways");
  if (!relay.available) return t("privacyIpUnavailable", { label });
  const byDefault = t(relay.byDefault ? "privacyIpOnByDefault" : "privacyIpOffByDefault");
  return t("privacyIpChoice", { label, byDefault });
}

/** 1. Who Is Responsible for Your Data */
function ControllerSection({ legal }: { legal: LegalInfo }) {
  const dpo = <MailLink to={legal.dpoEmail} />;
  return (
    <section class="legal-section" id="controller">
      <h2>{t("privacyControllerTitle")}</h2>
      <p>
        {rich(t("privacyController1"), {
          operatorName: legal.operatorName,
          operatorAddress: legal.operatorAddress,
        })}
      </p>
      <p>{rich(t("privacyController2"), { dpo })}</p>
    </section>
  );
}

/** 2. Data We Collect */
function DataWeCollectSection({ ipRelay }: { ipRelay: IpRelay }) {
  return (
    <section class="legal-section" id="data-we-collect">
      <h2>{t("privacyDataTitle")}</h2>
      <Items
        keys={[
          "privacyDataAccount",
          "privacyDataProfile",
          "privacyDataLocation",
          "privacyDataFilters",
          "privacyDataSessions",
          "privacyDataReports",
          "privacyDataPayment",
          "privacyDataLogs",
          "privacyDataMessages",
        ]}
      />
      <p>{rich(t("privacyDataMedia"), { strong, ipNote: ipAddressNote(ipRelay) })}</p>
    </section>
  );
}

/** 3. Legal Bases for Processing */
function LegalBasesSection() {
  return (
    <section class="legal-section" id="legal-bases">
      <h2>{t("privacyBasesTitle")}</h2>
      <p>{t("privacyBasesIntro")}</p>
      <Items
        keys={[
          "privacyBasesContract",
          "privacyBasesInterests",
          "privacyBasesConsent",
          "privacyBasesObligation",
        ]}
      />
    </section>
  );
}

/** 4. How We Use Your Data */
function UsesSection() {
  return (
    <section class="legal-section" id="uses">
      <h2>{t("privacyUsesTitle")}</h2>
      <Items
        keys={[
          "privacyUsesAccount",
          "privacyUsesMatching",
          "privacyUsesPlan",
          "privacyUsesEmails",
          "privacyUsesReports",
          "privacyUsesFraud",
          "privacyUsesStatistics",
          "privacyUsesLegal",
        ]}
      />
      <p>{t("privacyUses1")}</p>
    </section>
  );
}

/** 5. Sharing Your Data */
function SharingSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  return (
    <section class="legal-section" id="sharing">
      <h2>{t("privacySharingTitle")}</h2>
      <p>{rich(t("privacySharing1"), { strong })}</p>
      <Items
        keys={["privacySharingProviders", "privacySharingStripe", "privacySharingAuthorities"]}
      />
      <p>{rich(t("privacySharing2"), { privacy })}</p>
    </section>
  );
}

/** 6. Your Rights */
function YourRightsSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  return (
    <section class="legal-section" id="your-rights">
      <h2>{t("privacyRightsTitle")}</h2>
      <p>{t("privacyRightsIntro")}</p>
      <Items
        keys={[
          "privacyRightsAccess",
          "privacyRightsRectify",
          "privacyRightsErase",
          "privacyRightsRestrict",
          "privacyRightsPortable",
          "privacyRightsObject",
          "privacyRightsWithdraw",
        ]}
      />
      <p>{rich(t("privacyRights1"), { privacy })}</p>
    </section>
  );
}

/** 7. Data Retention */
function RetentionSection() {
  return (
    <section class="legal-section" id="retention">
      <h2>{t("privacyRetentionTitle")}</h2>
      <Items
        keys={[
          "privacyRetentionAccount",
          "privacyRetentionLocation",
          "privacyRetentionSessions",
          "privacyRetentionSecurity",
          "privacyRetentionAddresses",
          "privacyRetentionDevices",
          "privacyRetentionReports",
          "privacyRetentionPayments",
        ]}
      />
      <p>{t("privacyRetention1")}</p>
    </section>
  );
}

/** 8. Security */
function SecuritySection() {
  return (
    <section class="legal-section" id="security">
      <h2>{t("privacySecurityTitle")}</h2>
      <Items
        keys={[
          "privacySecurityHttps",
          "privacySecurityMedia",
          "privacySecurityPasswords",
          "privacySecurityCookie",
          "privacySecurityFaceBlur",
          "privacySecurityShield",
          "privacySecurityStaff",
        ]}
      />
      <p>{t("privacySecurity1")}</p>
    </section>
  );
}

/** 9. Cookies and Browser Storage */
function CookiesSection() {
  return (
    <section class="legal-section" id="cookies">
      <h2>{t("privacyCookiesTitle")}</h2>
      <p>{t("privacyCookies1")}</p>
      <p>{t("privacyCookies2")}</p>
      <p>{t("privacyCookies3")}</p>
    </section>
  );
}

/** 10. Children */
function ChildrenSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  // The reason as the report dialog names it.
  const minor = REPORT_REASONS.find((reason) => reason.id === "minor")!;
  return (
    <section class="legal-section" id="children">
      <h2>{t("privacyChildrenTitle")}</h2>
      <p>{t("privacyChildren1")}</p>
      <p>{rich(t("privacyChildren2"), { reason: localize(minor.label), privacy })}</p>
    </section>
  );
}

/** 11. California Privacy Rights */
function CaliforniaSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  return (
    <section class="legal-section" id="california">
      <h2>{t("privacyCaliforniaTitle")}</h2>
      <p>{t("privacyCaliforniaIntro")}</p>
      <Items
        keys={[
          "privacyCaliforniaKnow",
          "privacyCaliforniaDelete",
          "privacyCaliforniaCorrect",
          "privacyCaliforniaOptOut",
          "privacyCaliforniaEqual",
        ]}
      />
      <p>{rich(t("privacyCalifornia1"), { privacy })}</p>
    </section>
  );
}

/** 12. Changes to This Policy */
function ChangesSection() {
  return (
    <section class="legal-section" id="changes">
      <h2>{t("privacyChangesTitle")}</h2>
      <p>{t("privacyChanges1")}</p>
    </section>
  );
}

/** 13. Supervisory Authorities */
function SupervisoryAuthoritySection() {
  return (
    <section class="legal-section" id="supervisory-authority">
      <h2>{t("privacyAuthorityTitle")}</h2>
      <p>{t("privacyAuthority1")}</p>
      <p>{t("privacyAuthority2")}</p>
    </section>
  );
}

/** 14. Contact */
function ContactSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  const dpo = <MailLink to={legal.dpoEmail} />;
  return (
    <section class="legal-section" id="contact">
      <h2>{t("privacyContactTitle")}</h2>
      <p>{rich(t("privacyContact1"), { privacy })}</p>
      <p>{rich(t("privacyContactDpo"), { dpo })}</p>
      <p>
        {t("privacyContactPost")}
        <br />
        {legal.operatorName}
        <br />
        {legal.operatorAddress}
      </p>
    </section>
  );
}

export function PrivacySections({ legal, ipRelay }: { legal: LegalInfo; ipRelay: IpRelay }) {
  return (
    <>
      <ControllerSection legal={legal} />
      <DataWeCollectSection ipRelay={ipRelay} />
      <LegalBasesSection />
      <UsesSection />
      <SharingSection legal={legal} />
      <YourRightsSection legal={legal} />
      <RetentionSection />
      <SecuritySection />
      <CookiesSection />
      <ChildrenSection legal={legal} />
      <CaliforniaSection legal={legal} />
      <ChangesSection />
      <SupervisoryAuthoritySection />
      <ContactSection legal={legal} />
    </>
  );
}

/** The Privacy Policy page's article. */
export function PrivacyPolicy({ legal, ipRelay }: { legal: LegalInfo; ipRelay: IpRelay }) {
  return (
    <LegalArticle title={tc("privacy")}>
      <PrivacySections legal={legal} ipRelay={ipRelay} />
    </LegalArticle>
  );
}
