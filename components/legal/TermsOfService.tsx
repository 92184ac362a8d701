// The twelve sections of the Terms of Service page (/terms-of-service), texts from the "legal"
// catalog ("terms…" keys).
// Operator name, address and mailboxes always come from configuration, never from this file.
import type { LegalInfo } from "../../lib/shared/legal.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import type legalTexts from "../../lib/shared/i18n/catalog/legal/en.ts";
import type common from "../../lib/shared/i18n/catalog/common/en.ts";
import { REPORT_REASONS } from "../../lib/shared/moderation/report_texts.ts";
import { LegalArticle } from "./LegalArticle.tsx";
import { MailLink, privacyLink, rich } from "./rich.tsx";

const t = tr<typeof legalTexts>("legal");
const tc = tr<typeof common>("common");

type Key = keyof typeof legalTexts;

/** A list of messages, one item each. */
function Items({ keys }: { keys: Key[] }) {
  return <ul>{keys.map((key) => <li key={key}>{t(key)}</li>)}</ul>;
}

/** 1. Acceptance of Terms */
function AcceptanceSection({ legal }: { legal: LegalInfo }) {
  return (
    <section class="legal-section" id="acceptance">
      <h2>{t("termsAcceptanceTitle")}</h2>
      <p>
        {rich(t("termsAcceptance1"), {
          operatorName: legal.operatorName,
          operatorAddress: legal.operatorAddress,
        })}
      </p>
      <p>{t("termsAcceptance2")}</p>
      <p>{rich(t("termsAcceptance3"), { link: privacyLink })}</p>
    </section>
  );
}

/** 2. The Service */
function ServiceSection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="service">
      <h2>{t("termsServiceTitle")}</h2>
      <p>{t("termsService1")}</p>
      <p>{t("termsServiceIncludes")}</p>
      <Items
        keys={[
          "termsServiceFilters",
          "termsServiceReactions",
          "termsServiceFaceBlur",
          "termsServiceShield",
          "termsServiceRecorder",
          "termsServiceTools",
          "termsServicePlans",
        ]}
      />
      <p>{t("termsService2")}</p>
      <p>{rich(t("termsService3"), { support })}</p>
    </section>
  );
}

/** 3. Eligibility and Your Account */
function EligibilitySection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="eligibility">
      <h2>{t("termsEligibilityTitle")}</h2>
      <p>{t("termsEligibility1")}</p>
      <p>{t("termsEligibilityAgree")}</p>
      <ul>
        <li>{t("termsEligibilityInvite")}</li>
        <li>{t("termsEligibilityOneAccount")}</li>
        <li>{t("termsEligibilityPassword")}</li>
        <li>{t("termsEligibilityEmail")}</li>
        <li>{rich(t("termsEligibilityAccess"), { support })}</li>
      </ul>
      <p>{t("termsEligibility2")}</p>
    </section>
  );
}

/** 4. Acceptable Use */
function AcceptableUseSection() {
  return (
    <section class="legal-section" id="acceptable-use">
      <h2>{t("termsUseTitle")}</h2>
      <p>{t("termsUseIntro")}</p>
      <Items
        keys={[
          "termsUseSexual",
          "termsUseHarass",
          "termsUseIllegal",
          "termsUseFilming",
          "termsUseRecording",
          "termsUseMinors",
          "termsUseImpersonate",
          "termsUseSpam",
          "termsUseCircumvent",
          "termsUseInterfere",
        ]}
      />
      <p>{t("termsUse2")}</p>
    </section>
  );
}

/** 5. Intellectual Property */
function IntellectualPropertySection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="intellectual-property">
      <h2>{t("termsIpTitle")}</h2>
      <p>{t("termsIp1")}</p>
      <p>{t("termsIp2")}</p>
      <p>{rich(t("termsIp3"), { support })}</p>
    </section>
  );
}

/** 6. Privacy */
function PrivacySection() {
  return (
    <section class="legal-section" id="privacy">
      <h2>{t("termsPrivacyTitle")}</h2>
      <p>{rich(t("termsPrivacy1"), { link: privacyLink })}</p>
      <p>{t("termsPrivacyShort")}</p>
      <Items
        keys={[
          "termsPrivacyNoRecording",
          "termsPrivacyLocation",
          "termsPrivacyFaceBlur",
          "termsPrivacyShield",
          "termsPrivacyNoSale",
        ]}
      />
    </section>
  );
}

/** 7. Moderation and Reporting */
function ModerationSection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="moderation">
      <h2>{t("termsModerationTitle")}</h2>
      <p>{t("termsModeration1")}</p>
      {/* The reasons as the report dialog names them. */}
      <ul>{REPORT_REASONS.map((reason) => <li key={reason.id}>{say(reason.label)}</li>)}</ul>
      <p>{t("termsModeration2")}</p>
      <p>{t("termsModeration3")}</p>
      <p>{rich(t("termsModeration4"), { support })}</p>
      <p>{t("termsModeration5")}</p>
    </section>
  );
}

/** 8. Termination */
function TerminationSection() {
  return (
    <section class="legal-section" id="termination">
      <h2>{t("termsTerminationTitle")}</h2>
      <p>{rich(t("termsTermination1"), { link: privacyLink })}</p>
      <p>{t("termsTerminationIf")}</p>
      <Items
        keys={[
          "termsTerminationBreach",
          "termsTerminationMinor",
          "termsTerminationLaw",
          "termsTerminationRisk",
        ]}
      />
      <p>{t("termsTermination2")}</p>
    </section>
  );
}

/** 9. Disclaimers and Limitation of Liability */
function DisclaimersSection() {
  return (
    <section class="legal-section" id="disclaimers">
      <h2>{t("termsLiabilityTitle")}</h2>
      <p>{t("termsLiability1")}</p>
      <p>{t("termsLiability2")}</p>
      <p>{t("termsLiability3")}</p>
    </section>
  );
}

/** 10. Governing Law and Disputes */
function GoverningLawSection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="governing-law">
      <h2>{t("termsLawTitle")}</h2>
      <p>{t("termsLaw1")}</p>
      <p>{rich(t("termsLaw2"), { support })}</p>
    </section>
  );
}

/** 11. Changes to These Terms */
function ChangesSection() {
  return (
    <section class="legal-section" id="changes">
      <h2>{t("termsChangesTitle")}</h2>
      <p>{t("termsChanges1")}</p>
      <p>{t("termsChanges2")}</p>
    </section>
  );
}

/** 12. Contact */
function ContactSection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="contact">
      <h2>{t("termsContactTitle")}</h2>
      <p>{rich(t("termsContact1"), { support })}</p>
      <p>
        {t("termsContactOperator")}
        <br />
        {legal.operatorName}
        <br />
        {legal.operatorAddress}
      </p>
    </section>
  );
}

export function TermsSections({ legal }: { legal: LegalInfo }) {
  return (
    <>
      <AcceptanceSection legal={legal} />
      <ServiceSection legal={legal} />
      <EligibilitySection legal={legal} />
      <AcceptableUseSection />
      <IntellectualPropertySection legal={legal} />
      <PrivacySection />
      <ModerationSection legal={legal} />
      <TerminationSection />
      <DisclaimersSection />
      <GoverningLawSection legal={legal} />
      <ChangesSection />
      <ContactSection legal={legal} />
    </>
  );
}

/** The Terms of Service page's article. */
export function TermsOfService({ legal }: { legal: LegalInfo }) {
  return (
    <LegalArticle title={tc("terms")}>
      <TermsSections legal={legal} />
    </LegalArticle>
  );
}
