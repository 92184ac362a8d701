// The fourteen sections of the Privacy Policy page (/privacy-policy).
// Operator name, address and mailboxes always come from configuration, never from this file.
import type { LegalInfo } from "../../server/config.ts";
import { HIDE_IP_TEXT, type IpRelay } from "../../shared/profile.ts";

/** What the policy says of a partner learning the member's IP address, as this site is set up. */
function IpAddressNote({ relay }: { relay: IpRelay }) {
  if (relay.always) {
    return (
      <>
        This site sends every call through our relay server, so your partner's device sees the
        relay's address, never yours. The relay sees your address, as our website does, and passes
        on only encrypted audio and video, which it cannot read; a relayed call can take a little
        longer to start.
      </>
    );
  }
  if (!relay.available) {
    return (
      <>
        This site has no relay server configured, so the "{HIDE_IP_TEXT.label}" switch is
        unavailable: as with any peer-to-peer call, your partner's device learns the network (IP)
        address of yours while the call is set up.
      </>
    );
  }
  return (
    <>
      With "{HIDE_IP_TEXT.label}" (your profile, Privacy;{" "}
      {relay.byDefault ? "on unless you turn it off" : "off unless you turn it on"}), your side of
      every call goes only through our relay server, so your partner's device sees the relay's
      address, not yours. The relay sees your address, as our website does, and passes on only
      encrypted audio and video, which it cannot read; a relayed call can take a little longer to
      start. With the switch off, as with any peer-to-peer call, your partner's device learns the
      network (IP) address of yours while the call is set up.
    </>
  );
}

/** A mailbox as a mailto: link showing its address. */
function MailLink({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}

/** 1. Who Is Responsible for Your Data */
function ControllerSection({ legal }: { legal: LegalInfo }) {
  const dpo = <MailLink to={legal.dpoEmail} />;
  return (
    <section class="legal-section" id="controller">
      <h2>1. Who Is Responsible for Your Data</h2>
      <p>
        The controller of your personal data is{" "}
        {legal.operatorName}, a company registered in Poland, {legal.operatorAddress}{" "}
        ("we", "us", "our"). We operate Glimpse (the "Service") and decide why and how your personal
        data is processed.
      </p>
      <p>
        We have appointed a Data Protection Officer, whom you can reach at {dpo}{" "}
        about any question concerning your personal data.
      </p>
    </section>
  );
}

/** 2. Data We Collect */
function DataWeCollectSection({ ipRelay }: { ipRelay: IpRelay }) {
  return (
    <section class="legal-section" id="data-we-collect">
      <h2>2. Data We Collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong>{" "}
          your username, email address and whether it is verified, your password (stored only as a
          hash), the invitation code you used and who invited you, and when you registered.
        </li>
        <li>
          <strong>Profile data:</strong>{" "}
          your display name, bio, profile picture and language, and your privacy settings (face
          blur, safety shield, hiding your location, notifications).
        </li>
        <li>
          <strong>Coarse location:</strong>{" "}
          if you allow it, your browser sends your coordinates to our server, which converts them on
          the server itself, without any outside service, into a "City, Country" label and a coarse
          area a few kilometres wide. The coordinates are then discarded and never stored.
        </li>
        <li>
          <strong>Filters and preferences:</strong>{" "}
          your location preference, chosen country or continent, hashtags and language.
        </li>
        <li>
          <strong>Session statistics:</strong>{" "}
          when you were matched and with which account, how long the call lasted, its hashtag and
          location label, reactions, skips and how many calls you have made against your plan's
          limit.
        </li>
        <li>
          <strong>Reports and blocks:</strong>{" "}
          reports you make or receive (reason, details, date and outcome) and the members you have
          blocked.
        </li>
        <li>
          <strong>Payment data:</strong>{" "}
          payments are handled by Stripe. We never see or store your card number; we receive only a
          customer reference, your plan, its status and billing dates.
        </li>
        <li>
          <strong>Technical logs:</strong>{" "}
          IP address, browser type, request times, errors and security events such as failed
          sign-ins.
        </li>
        <li>
          <strong>Messages to us:</strong> what you write when you contact us.
        </li>
      </ul>
      <p>
        <strong>We do not store video or audio.</strong>{" "}
        Calls travel directly between the two devices (peer to peer) and never through our servers,
        except through an encrypted relay when a direct link is impossible or a member hides their
        address; a relay cannot read the content. Clips are recorded on your device and stay there
        unless you share them yourself. Face blur looks for faces only on your device, with a
        detection model that runs in your browser; no picture is sent to us or to anyone else for
        this. It blurs only the video you send and the clips you record, not the video your partner
        sends you. The safety shield checks your partner's video only on your device, with an image
        classifier that runs in your browser: about twice a second a small, scaled-down copy of the
        current frame is scored there and then discarded. No frame, score or picture is sent to us
        or to anyone else, and a report you file from the shield carries only the reason and what
        you write, like any other report. <IpAddressNote relay={ipRelay} />
      </p>
    </section>
  );
}

/** 3. Legal Bases for Processing */
function LegalBasesSection() {
  return (
    <section class="legal-section" id="legal-bases">
      <h2>3. Legal Bases for Processing</h2>
      <p>Under the General Data Protection Regulation (GDPR) we rely on:</p>
      <ul>
        <li>
          <strong>Contract</strong>{" "}
          (Art. 6(1)(b)): to create and run your account, match you, apply your filters and plan,
          and process subscriptions.
        </li>
        <li>
          <strong>Legitimate interests</strong>{" "}
          (Art. 6(1)(f)): to keep the Service and its members safe, prevent abuse, moderate reports,
          secure our systems, understand how the Service is used and defend legal claims. You may
          object to this processing at any time.
        </li>
        <li>
          <strong>Consent</strong>{" "}
          (Art. 6(1)(a)): to use your device location and to send optional notifications. You can
          withdraw consent at any time in your browser or Profile; this does not affect earlier
          processing.
        </li>
        <li>
          <strong>Legal obligation</strong>{" "}
          (Art. 6(1)(c)): to keep accounting and tax records and to answer lawful requests from
          authorities.
        </li>
      </ul>
    </section>
  );
}

/** 4. How We Use Your Data */
function UsesSection() {
  return (
    <section class="legal-section" id="uses">
      <h2>4. How We Use Your Data</h2>
      <ul>
        <li>to register you, verify your email, sign you in and keep you signed in;</li>
        <li>
          to pair you with other members according to your filters and show the location label;
        </li>
        <li>to apply the limits and features of your plan and handle payments;</li>
        <li>to send service emails, such as verification, password reset and policy changes;</li>
        <li>
          to review reports, enforce our Terms of Service and protect members, especially minors;
        </li>
        <li>to detect and prevent fraud, abuse and security incidents;</li>
        <li>to produce aggregated statistics that help us improve the Service;</li>
        <li>to meet our legal obligations.</li>
      </ul>
      <p>
        Matching is automated, but it does not produce legal or similarly significant effects on
        you. We do not send marketing emails without your consent and we do not build advertising
        profiles.
      </p>
    </section>
  );
}

/** 5. Sharing Your Data */
function SharingSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  return (
    <section class="legal-section" id="sharing">
      <h2>5. Sharing Your Data</h2>
      <p>
        <strong>We do not sell your personal data</strong>{" "}
        and we do not share it for advertising. During a call your partner sees your username,
        location label, hashtag, reactions and whatever your camera shows. Beyond that we share data
        only with:
      </p>
      <ul>
        <li>
          service providers acting on our instructions (processors): our hosting provider, our email
          provider and, if used, encrypted relay servers for calls;
        </li>
        <li>
          Stripe, which processes payments for us and, for some purposes such as fraud prevention,
          under its own privacy policy;
        </li>
        <li>
          police, courts and other authorities, when the law requires it or when it is needed to
          protect someone's life or safety.
        </li>
      </ul>
      <p>
        If a provider processes data outside the European Economic Area, we use the safeguards the
        GDPR requires, such as an adequacy decision of the European Commission or standard
        contractual clauses. You can ask us for a copy at {privacy}.
      </p>
    </section>
  );
}

/** 6. Your Rights */
function YourRightsSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  return (
    <section class="legal-section" id="your-rights">
      <h2>6. Your Rights</h2>
      <p>Under the GDPR you have the right to:</p>
      <ul>
        <li>access your personal data and receive a copy of it;</li>
        <li>have inaccurate data corrected (rectification);</li>
        <li>have your data erased;</li>
        <li>restrict how we process your data;</li>
        <li>receive the data you gave us in a portable, machine-readable format;</li>
        <li>object to processing based on our legitimate interests;</li>
        <li>withdraw your consent at any time.</li>
      </ul>
      <p>
        Much of this you can do yourself in your Profile, including deleting your account. For
        anything else, write to{" "}
        {privacy}. We answer within 30 days. Where a request is particularly complex, the GDPR
        allows us to extend this by up to two months; we will tell you within the first 30 days if
        we need to. Exercising your rights is free, and we may ask you to confirm your identity
        first.
      </p>
    </section>
  );
}

/** 7. Data Retention */
function RetentionSection() {
  return (
    <section class="legal-section" id="retention">
      <h2>7. Data Retention</h2>
      <ul>
        <li>
          <strong>Account and profile data:</strong>{" "}
          kept while your account exists and deleted within 30 days of the deletion of your account.
        </li>
        <li>
          <strong>Location:</strong>{" "}
          your coordinates are never stored; the coarse label and area are replaced when you update
          them and deleted with your account.
        </li>
        <li>
          <strong>Session statistics:</strong> kept for 2 years, then deleted.
        </li>
        <li>
          <strong>Security logs:</strong> kept for 1 year, then deleted.
        </li>
        <li>
          <strong>Addresses you signed in from:</strong>{" "}
          each kept 90 days after your last sign-in from it, so that you can still sign in while
          someone elsewhere is guessing your password; deleted with your account.
        </li>
        <li>
          <strong>Reports:</strong>{" "}
          kept for moderation records, but without personal data: once an account involved is
          deleted, we remove usernames, identifiers and free-text details and keep only the reason,
          date and outcome.
        </li>
        <li>
          <strong>Payment records:</strong>{" "}
          kept as long as tax and accounting law requires, generally five years after the end of the
          year of payment.
        </li>
      </ul>
      <p>
        We may keep specific data longer only where it is needed to establish or defend a legal
        claim or where an authority lawfully requires it.
      </p>
    </section>
  );
}

/** 8. Security */
function SecuritySection() {
  return (
    <section class="legal-section" id="security">
      <h2>8. Security</h2>
      <ul>
        <li>all traffic between your browser and our servers is encrypted in transit (HTTPS);</li>
        <li>
          call media is encrypted peer to peer with DTLS-SRTP, and a fingerprint is shown so the
          connection can be checked; relays cannot decrypt it;
        </li>
        <li>passwords are stored only in hashed form, never in readable form;</li>
        <li>your session cookie is HttpOnly, so scripts on the page cannot read it;</li>
        <li>
          face blur, on by default, runs on your device and blurs the faces it finds before your
          video leaves it; until it is ready, if it cannot load and when it falls behind, it
          pixelates the part of the picture where faces usually are instead. It can miss faces that
          are small, far away, turned away or partly hidden;
        </li>
        <li>
          the safety shield, on by default, keeps your partner's video blurred until a check on your
          device finds it safe, and blurs it again, with a warning, when a frame may contain nudity.
          If the check cannot run, the video stays blurred until you tap to show it. It can be wrong
          both ways;
        </li>
        <li>access to personal data is limited to staff who need it for their work.</li>
      </ul>
      <p>
        No system is completely secure. If a breach puts your data at risk, we will notify the
        supervisory authority and, where the risk to you is high, tell you without undue delay.
      </p>
    </section>
  );
}

/** 9. Cookies and Browser Storage */
function CookiesSection() {
  return (
    <section class="legal-section" id="cookies">
      <h2>9. Cookies and Browser Storage</h2>
      <p>
        We use a single cookie: a strictly necessary session cookie that keeps you signed in. It is
        set when you sign in and removed when you sign out. Because the Service cannot work without
        it, it does not require consent.
      </p>
      <p>
        We use no advertising, analytics or tracking cookies, and we do not allow third parties to
        place them through the Service. Stripe's own checkout pages may set cookies needed for
        payment security, under Stripe's policies.
      </p>
      <p>
        Your filters and similar preferences may also be saved in your browser's local storage, so
        that they are ready next time. This data stays on your device; you can clear it at any time
        in your browser settings.
      </p>
    </section>
  );
}

/** 10. Children */
function ChildrenSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  return (
    <section class="legal-section" id="children">
      <h2>10. Children</h2>
      <p>
        Glimpse is only for adults aged 18 or over. We do not knowingly collect personal data from
        anyone under 18. If we learn that an account belongs to a minor, we remove it and delete its
        data, except for what the law requires us to keep or pass to the authorities to protect the
        child.
      </p>
      <p>
        If you meet someone during a call who seems to be under 18, please report them with the
        reason "Underage User". Parents and guardians can also write to {privacy}.
      </p>
    </section>
  );
}

/** 11. California Privacy Rights */
function CaliforniaSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  return (
    <section class="legal-section" id="california">
      <h2>11. California Privacy Rights</h2>
      <p>
        If you live in California, the California Consumer Privacy Act (CCPA) gives you the right
        to:
      </p>
      <ul>
        <li>
          know what personal information we collect, use and disclose, and receive a copy of it;
        </li>
        <li>have your personal information deleted;</li>
        <li>have inaccurate personal information corrected;</li>
        <li>
          opt out of the sale or sharing of your personal information. We do not sell or share
          personal information as the CCPA defines those terms, and have not done so in the past 12
          months;
        </li>
        <li>not be discriminated against for exercising any of these rights.</li>
      </ul>
      <p>
        The categories we collect are described in section 2. To make a request, write to{" "}
        {privacy}; you may also use an authorised agent. We will verify your request and answer
        within 45 days. If we need more time, we will tell you why and may extend this once by a
        further 45 days, as the law allows.
      </p>
    </section>
  );
}

/** 12. Changes to This Policy */
function ChangesSection() {
  return (
    <section class="legal-section" id="changes">
      <h2>12. Changes to This Policy</h2>
      <p>
        We may update this Privacy Policy when the Service or the law changes. We will tell you
        about material changes by email and in the app at least 30 days before they take effect, and
        explain what is changing. Where a change requires your consent, we will ask for it.
      </p>
    </section>
  );
}

/** 13. Supervisory Authorities */
function SupervisoryAuthoritySection() {
  return (
    <section class="legal-section" id="supervisory-authority">
      <h2>13. Supervisory Authorities</h2>
      <p>
        You have the right to lodge a complaint with a data protection supervisory authority. Our
        lead authority is the President of the Personal Data Protection Office (Prezes Urzędu
        Ochrony Danych Osobowych, UODO), ul. Stawki 2, 00-193 Warszawa, Poland.
      </p>
      <p>
        You may also complain to the supervisory authority of the EU country where you live, where
        you work or where you believe an infringement took place. We would appreciate the chance to
        address your concern first, so please feel free to contact us before you do.
      </p>
    </section>
  );
}

/** 14. Contact */
function ContactSection({ legal }: { legal: LegalInfo }) {
  const privacy = <MailLink to={legal.privacyEmail} />;
  const dpo = <MailLink to={legal.dpoEmail} />;
  return (
    <section class="legal-section" id="contact">
      <h2>14. Contact</h2>
      <p>
        For questions about this Privacy Policy or to exercise your rights, write to {privacy}.
      </p>
      <p>You can reach our Data Protection Officer directly at {dpo}.</p>
      <p>
        By post:
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
