// The twelve sections of the Terms of Service page (/terms-of-service).
// Operator name, address and mailboxes always come from configuration, never from this file.
import type { LegalInfo } from "../../server/config.ts";

/** A mailbox as a mailto: link showing its address. */
function MailLink({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}

/** 1. Acceptance of Terms */
function AcceptanceSection({ legal }: { legal: LegalInfo }) {
  return (
    <section class="legal-section" id="acceptance">
      <h2>1. Acceptance of Terms</h2>
      <p>
        These Terms of Service ("Terms") are an agreement between you and {legal.operatorName},{" "}
        {legal.operatorAddress}{" "}
        ("we", "us", "our"), the operator of Glimpse (the "Service"). They apply every time you
        visit or use the Service, on any device.
      </p>
      <p>
        By creating an account, or by using the Service in any other way, you confirm that you have
        read and understood these Terms and that you accept them. If you do not accept them, please
        do not use the Service.
      </p>
      <p>
        Our <a href="/privacy-policy">Privacy Policy</a>{" "}
        explains how we handle your personal data and should be read together with these Terms.
      </p>
    </section>
  );
}

/** 2. The Service */
function ServiceSection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="service">
      <h2>2. The Service</h2>
      <p>
        Glimpse pairs two signed-in adults who do not know each other for a short, live
        point-of-view video and audio call. Each call lasts up to 30 seconds and normally uses the
        rear camera, so that you show your partner what is around you rather than your face.
      </p>
      <p>The Service includes:</p>
      <ul>
        <li>matching filters based on location, hashtags and language;</li>
        <li>emoji reactions during a call and a short summary when it ends;</li>
        <li>
          face blur, on by default, which blurs on your own device the faces it finds in the video
          you send and in the clips you record;
        </li>
        <li>
          the safety shield, on by default, which on your own device keeps your partner's video
          blurred until it is checked and blurs it again, with a warning, if it may contain nudity;
        </li>
        <li>
          a clip recorder that records up to 30 seconds on your own device, which you may then
          download or share yourself;
        </li>
        <li>reporting and blocking tools, invitation codes, referral and leaderboard pages;</li>
        <li>a free plan and paid plans (Basic, Plus and VIP) with higher limits and features.</li>
      </ul>
      <p>
        Calls are connected directly between the two devices (peer to peer) and are encrypted. We do
        not record or store the video or audio of any call. Your partner sees only a coarse location
        label such as "City, Country", never your exact position.
      </p>
      <p>
        Paid plans are billed monthly through our payment provider, Stripe, at the price shown on
        the subscriptions page before you confirm. You can cancel at any time; the paid features
        then stay active until the end of the period already paid for. If you are a consumer in the
        European Union, you may withdraw from a paid plan within 14 days of buying it without giving
        a reason, by writing to{" "}
        {support}. If you asked us to start the paid features straight away, we may keep an amount
        proportionate to the service already provided.
      </p>
    </section>
  );
}

/** 3. Eligibility and Your Account */
function EligibilitySection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="eligibility">
      <h2>3. Eligibility and Your Account</h2>
      <p>
        You must be at least 18 years old to create an account or use the Service. By registering
        you confirm that you are 18 or older and that the information you give us is accurate and
        complete. Please keep it up to date in your Profile.
      </p>
      <p>Glimpse is invite-only. When you hold an account you agree that:</p>
      <ul>
        <li>you registered with a valid invitation code and will not buy or sell invitations;</li>
        <li>you will have only one account, and it is for your personal use alone;</li>
        <li>
          you will keep your password secret and will not share your account or let anyone else sign
          in to it;
        </li>
        <li>you will verify your email address when we ask you to;</li>
        <li>
          you will tell us at {support}{" "}
          without delay if you think someone else has accessed your account.
        </li>
      </ul>
      <p>
        You are responsible for what happens through your account, unless it happens because of our
        own failure or after you have told us that your account has been compromised.
      </p>
    </section>
  );
}

/** 4. Acceptable Use */
function AcceptableUseSection() {
  return (
    <section class="legal-section" id="acceptable-use">
      <h2>4. Acceptable Use</h2>
      <p>
        Glimpse only works if everyone can trust that the person on the other side will behave
        decently. When you use the Service you must not:
      </p>
      <ul>
        <li>show nudity, sexual acts or any other sexual content;</li>
        <li>
          harass, bully, threaten, insult or intimidate anyone, or promote hatred or violence;
        </li>
        <li>do, show, plan or encourage anything illegal;</li>
        <li>
          film people who have not agreed to be filmed, especially in private places such as homes,
          bathrooms, changing rooms or medical settings;
        </li>
        <li>
          record, screenshot or share another member's video or audio without their clear consent,
          whether with the clip recorder or by any other means;
        </li>
        <li>
          involve, show or target anyone under 18 in any way, or use the Service if you are under 18
          yourself;
        </li>
        <li>pretend to be another person or organisation, or misrepresent who you are;</li>
        <li>send spam, advertising, scams or unsolicited commercial messages;</li>
        <li>
          get around our limits, blocks, bans, age rules, payment or security measures, for example
          by creating new accounts or using automated tools;
        </li>
        <li>
          interfere with the Service or its users, attack our systems, or access accounts or data
          that are not yours.
        </li>
      </ul>
      <p>
        Face blur helps protect the people you film, but it works best on faces that are near and
        facing the camera and can miss faces that are small, far away, turned away or partly hidden;
        if you switch it off, your video is sent as filmed. You remain responsible for what your
        camera shows, so point it away from people who have not agreed to appear. Clips you record
        stay on your device: before you share one, make sure you have the consent of everyone who
        can be identified in it and that sharing it is lawful.
      </p>
    </section>
  );
}

/** 5. Intellectual Property */
function IntellectualPropertySection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="intellectual-property">
      <h2>5. Intellectual Property</h2>
      <p>
        The Service, including its software, design, text, graphics and the Glimpse name and logo,
        belongs to us or our licensors and is protected by intellectual property law. We give you a
        personal, non-exclusive, non-transferable and revocable licence to use the Service for its
        intended purpose while these Terms apply. You may not copy, modify, sell or reverse-engineer
        the Service, except where the law expressly allows it.
      </p>
      <p>
        You keep all rights in what you create: your profile details, what your camera captures and
        the clips you record. We do not claim ownership of any of it. So that we can run the
        Service, you give us a non-exclusive, royalty-free licence to store and display your profile
        details (such as your username, display name, picture, bio and hashtags) to other members
        within the Service, for as long as your account exists.
      </p>
      <p>
        Only share material that you have the right to share. If you believe something on the
        Service infringes your rights, write to {support} with enough detail for us to find it.
      </p>
    </section>
  );
}

/** 6. Privacy */
function PrivacySection() {
  return (
    <section class="legal-section" id="privacy">
      <h2>6. Privacy</h2>
      <p>
        Your privacy matters to us. Our <a href="/privacy-policy">Privacy Policy</a>{" "}
        explains what personal data we collect, why we collect it, how long we keep it and what
        rights you have.
      </p>
      <p>In short:</p>
      <ul>
        <li>we never record or store the video or audio of your calls;</li>
        <li>
          your exact location never leaves our server: we turn it into a coarse "City, Country"
          label and an area a few kilometres wide, and we do not store your coordinates;
        </li>
        <li>face blur runs on your own device: no picture is sent anywhere to find faces;</li>
        <li>
          the safety shield checks your partner's video on your own device: no picture is sent
          anywhere to check it;
        </li>
        <li>we do not sell your personal data.</li>
      </ul>
    </section>
  );
}

/** 7. Moderation and Reporting */
function ModerationSection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="moderation">
      <h2>7. Moderation and Reporting</h2>
      <p>
        During a call you can use the Report button at any time. Choose the reason that fits best:
      </p>
      <ul>
        <li>Inappropriate Content</li>
        <li>Harassment or Bullying</li>
        <li>Illegal Activity</li>
        <li>Impersonation</li>
        <li>Underage User</li>
        <li>Other</li>
      </ul>
      <p>
        You can add details to help us understand what happened, and you can block the other member
        at the same time. We will not pair you with a member you have blocked again.
      </p>
      <p>
        Our moderators review reports and may look at account details and call records, such as
        times, durations and earlier reports. Because we do not store video or audio, a clear
        description from you helps us a great deal. Depending on how serious a breach is, we may
        warn the member, limit features, suspend the account for a period or close it for good.
        Where the law requires, or where someone's life or safety is at risk, we report matters to
        the competent authorities.
      </p>
      <p>
        If we take action against your account, we will tell you what we decided and why, unless the
        law forbids it or doing so would put someone at risk. If you think we got it wrong, write to
        {" "}
        {support} and a person will look at the decision again.
      </p>
      <p>
        Please do not misuse reports. Knowingly false or abusive reports are themselves a breach of
        these Terms.
      </p>
    </section>
  );
}

/** 8. Termination */
function TerminationSection() {
  return (
    <section class="legal-section" id="termination">
      <h2>8. Termination</h2>
      <p>
        You can stop using Glimpse and delete your account at any time from your Profile. We delete
        your account data within 30 days of the deletion. Some records may be kept longer where the
        law requires it or where they are needed for safety reasons, as set out in our{" "}
        <a href="/privacy-policy">Privacy Policy</a>. Deleting your account also stops the renewal
        of any paid plan.
      </p>
      <p>We may suspend or close your account if:</p>
      <ul>
        <li>you seriously or repeatedly breach these Terms;</li>
        <li>we have good reason to believe you are under 18;</li>
        <li>we are required to do so by law or by an authority;</li>
        <li>your account puts other members, the Service or third parties at risk.</li>
      </ul>
      <p>
        Unless the law or safety reasons prevent it, we will tell you the reason. If we close your
        account for a reason other than your own breach of these Terms, or if we stop providing the
        Service altogether, we will refund the unused part of any period you have already paid for,
        and we will give you reasonable notice where we can.
      </p>
    </section>
  );
}

/** 9. Disclaimers and Limitation of Liability */
function DisclaimersSection() {
  return (
    <section class="legal-section" id="disclaimers">
      <h2>9. Disclaimers and Limitation of Liability</h2>
      <p>
        Calls are live and take place between members. We do not watch them in advance and we are
        not responsible for what other members show or say, although we act on reports as described
        above. Our privacy and safety tools, including face blur and the safety shield, lower risks
        but cannot remove them completely, and they may sometimes miss something. Face blur applies
        only to the video you send. The safety shield, on by default, blurs what your partner shows
        you until a check on your device finds it safe and blurs it again if a frame may contain
        nudity; it can be wrong both ways, and if you choose to show a video it warned about, or
        switch the shield off, you see the video as sent. You can end and report a call at any time.
      </p>
      <p>
        We work to keep the Service available and secure, but we cannot promise that it will always
        be uninterrupted or free of errors, or that a match will be found at any given time. We may
        change, improve or withdraw features, provided that paid features you have already paid for
        are not reduced during the current billing period.
      </p>
      <p>
        Nothing in these Terms limits or excludes our liability where the law does not allow it, in
        particular for damage we cause intentionally or through gross negligence, for death or
        personal injury, or under mandatory consumer protection law, including your statutory rights
        if the Service does not conform to the contract. Within those limits, we are not liable for
        losses that were not reasonably foreseeable, or for losses caused by other members or by
        events beyond our reasonable control.
      </p>
    </section>
  );
}

/** 10. Governing Law and Disputes */
function GoverningLawSection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="governing-law">
      <h2>10. Governing Law and Disputes</h2>
      <p>
        These Terms are governed by the law of the Republic of Poland. If you are a consumer living
        in the European Union, this choice of law does not take away the protection of the mandatory
        consumer protection rules of the country where you live.
      </p>
      <p>
        If a dispute arises, please contact us first at{" "}
        {support}; most problems can be solved quickly that way. If we cannot resolve it, you may
        bring proceedings either before the competent courts of Poland or before the courts of the
        place where you live. As a consumer, you may also use the out-of-court complaint and redress
        bodies available in your country, such as consumer ombudsmen or mediation services.
      </p>
    </section>
  );
}

/** 11. Changes to These Terms */
function ChangesSection() {
  return (
    <section class="legal-section" id="changes">
      <h2>11. Changes to These Terms</h2>
      <p>
        We may update these Terms, for example when we add features or when the law changes. We will
        tell you about changes by email and in the app at least 30 days before they take effect, and
        we will explain what is changing.
      </p>
      <p>
        If you do not agree with a change, you may delete your account before it takes effect. If
        you keep using the Service after that date, the updated Terms will apply to you. A change
        may take effect sooner only where the law or an authority requires it.
      </p>
    </section>
  );
}

/** 12. Contact */
function ContactSection({ legal }: { legal: LegalInfo }) {
  const support = <MailLink to={legal.supportEmail} />;
  return (
    <section class="legal-section" id="contact">
      <h2>12. Contact</h2>
      <p>
        If you have questions about these Terms or the Service, write to us at {support}.
      </p>
      <p>
        The Service is operated by:
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
