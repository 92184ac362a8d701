// The Terms of Service (/terms-of-service, "terms…" keys) and the Privacy Policy
// (/privacy-policy, "privacy…" keys), one message per heading, paragraph and list item.
// {placeholders} are filled by the components (operator facts and mailboxes from configuration);
// <strong>…</strong> and <link>…</link> mark the parts the components render as elements.
export default {
  lastUpdated: "Last updated: {date}",
  translationNotice:
    "This is a translation; if it differs from the English version, the English version prevails.",

  // Terms of Service
  termsAcceptanceTitle: "1. Acceptance of Terms",
  termsAcceptance1:
    'These Terms of Service ("Terms") are an agreement between you and {operatorName}, {operatorAddress} ("we", "us", "our"), the operator of Glimpse (the "Service"). They apply every time you visit or use the Service, on any device.',
  termsAcceptance2:
    "By creating an account, or by using the Service in any other way, you confirm that you have read and understood these Terms and that you accept them. If you do not accept them, please do not use the Service.",
  termsAcceptance3:
    "Our <link>Privacy Policy</link> explains how we handle your personal data and should be read together with these Terms.",

  termsServiceTitle: "2. The Service",
  termsService1:
    "Glimpse pairs two signed-in adults who do not know each other for a short, live point-of-view video and audio call. Each call lasts up to 30 seconds and normally uses the rear camera, so that you show your partner what is around you rather than your face.",
  termsServiceIncludes: "The Service includes:",
  termsServiceFilters: "matching filters based on location, hashtags and language;",
  termsServiceReactions: "emoji reactions during a call and a short summary when it ends;",
  termsServiceFaceBlur:
    "face blur, on by default, which blurs on your own device the faces it finds in the video you send and in the clips you record;",
  termsServiceShield:
    "the safety shield, on by default, which on your own device keeps your partner's video blurred until it is checked and blurs it again, with a warning, if it may contain nudity;",
  termsServiceRecorder:
    "a clip recorder that records up to 30 seconds on your own device, which you may then download or share yourself;",
  termsServiceTools:
    "reporting and blocking tools, invitation codes, referral and leaderboard pages;",
  termsServicePlans:
    "a free plan and paid plans (Basic, Plus and VIP) with higher limits and features.",
  termsService2:
    'Calls are connected directly between the two devices (peer to peer) and are encrypted. We do not record or store the video or audio of any call. Your partner sees only a coarse location label such as "City, Country", never your exact position.',
  termsService3:
    "Paid plans are billed monthly through our payment provider, Stripe, at the price shown on the subscriptions page before you confirm. You can cancel at any time; the paid features then stay active until the end of the period already paid for. If you are a consumer in the European Union, you may withdraw from a paid plan within 14 days of buying it without giving a reason, by writing to {support}. If you asked us to start the paid features straight away, we may keep an amount proportionate to the service already provided.",

  termsEligibilityTitle: "3. Eligibility and Your Account",
  termsEligibility1:
    "You must be at least 18 years old to create an account or use the Service. By registering you confirm that you are 18 or older and that the information you give us is accurate and complete. Please keep it up to date in your Profile.",
  termsEligibilityAgree: "Glimpse is invite-only. When you hold an account you agree that:",
  termsEligibilityInvite:
    "you registered with a valid invitation code and will not buy or sell invitations;",
  termsEligibilityOneAccount:
    "you will have only one account, and it is for your personal use alone;",
  termsEligibilityPassword:
    "you will keep your password secret and will not share your account or let anyone else sign in to it;",
  termsEligibilityEmail: "you will verify your email address when we ask you to;",
  termsEligibilityAccess:
    "you will tell us at {support} without delay if you think someone else has accessed your account.",
  termsEligibility2:
    "You are responsible for what happens through your account, unless it happens because of our own failure or after you have told us that your account has been compromised.",

  termsUseTitle: "4. Acceptable Use",
  termsUseIntro:
    "Glimpse only works if everyone can trust that the person on the other side will behave decently. When you use the Service you must not:",
  termsUseSexual: "show nudity, sexual acts or any other sexual content;",
  termsUseHarass:
    "harass, bully, threaten, insult or intimidate anyone, or promote hatred or violence;",
  termsUseIllegal: "do, show, plan or encourage anything illegal;",
  termsUseFilming:
    "film people who have not agreed to be filmed, especially in private places such as homes, bathrooms, changing rooms or medical settings;",
  termsUseRecording:
    "record, screenshot or share another member's video or audio without their clear consent, whether with the clip recorder or by any other means;",
  termsUseMinors:
    "involve, show or target anyone under 18 in any way, or use the Service if you are under 18 yourself;",
  termsUseImpersonate: "pretend to be another person or organisation, or misrepresent who you are;",
  termsUseSpam: "send spam, advertising, scams or unsolicited commercial messages;",
  termsUseCircumvent:
    "get around our limits, blocks, bans, age rules, payment or security measures, for example by creating new accounts or using automated tools;",
  termsUseInterfere:
    "interfere with the Service or its users, attack our systems, or access accounts or data that are not yours.",
  termsUse2:
    "Face blur helps protect the people you film, but it works best on faces that are near and facing the camera and can miss faces that are small, far away, turned away or partly hidden; if you switch it off, your video is sent as filmed. You remain responsible for what your camera shows, so point it away from people who have not agreed to appear. Clips you record stay on your device: before you share one, make sure you have the consent of everyone who can be identified in it and that sharing it is lawful.",

  termsIpTitle: "5. Intellectual Property",
  termsIp1:
    "The Service, including its software, design, text, graphics and the Glimpse name and logo, belongs to us or our licensors and is protected by intellectual property law. We give you a personal, non-exclusive, non-transferable and revocable licence to use the Service for its intended purpose while these Terms apply. You may not copy, modify, sell or reverse-engineer the Service, except where the law expressly allows it.",
  termsIp2:
    "You keep all rights in what you create: your profile details, what your camera captures and the clips you record. We do not claim ownership of any of it. So that we can run the Service, you give us a non-exclusive, royalty-free licence to store and display your profile details (such as your username, display name, picture, bio and hashtags) to other members within the Service, for as long as your account exists.",
  termsIp3:
    "Only share material that you have the right to share. If you believe something on the Service infringes your rights, write to {support} with enough detail for us to find it.",

  termsPrivacyTitle: "6. Privacy",
  termsPrivacy1:
    "Your privacy matters to us. Our <link>Privacy Policy</link> explains what personal data we collect, why we collect it, how long we keep it and what rights you have.",
  termsPrivacyShort: "In short:",
  termsPrivacyNoRecording: "we never record or store the video or audio of your calls;",
  termsPrivacyLocation:
    'your exact location never leaves our server: we turn it into a coarse "City, Country" label and an area a few kilometres wide, and we do not store your coordinates;',
  termsPrivacyFaceBlur:
    "face blur runs on your own device: no picture is sent anywhere to find faces;",
  termsPrivacyShield:
    "the safety shield checks your partner's video on your own device: no picture is sent anywhere to check it;",
  termsPrivacyNoSale: "we do not sell your personal data.",

  termsModerationTitle: "7. Moderation and Reporting",
  termsModeration1:
    "During a call you can use the Report button at any time. Choose the reason that fits best:",
  termsModeration2:
    "You can add details to help us understand what happened, and you can block the other member at the same time. We will not pair you with a member you have blocked again.",
  termsModeration3:
    "Our moderators review reports and may look at account details and call records, such as times, durations and earlier reports. Because we do not store video or audio, a clear description from you helps us a great deal. Depending on how serious a breach is, we may warn the member, limit features, suspend the account for a period or close it for good. Where the law requires, or where someone's life or safety is at risk, we report matters to the competent authorities.",
  termsModeration4:
    "If we take action against your account, we will tell you what we decided and why, unless the law forbids it or doing so would put someone at risk. If you think we got it wrong, write to {support} and a person will look at the decision again.",
  termsModeration5:
    "Please do not misuse reports. Knowingly false or abusive reports are themselves a breach of these Terms.",

  termsTerminationTitle: "8. Termination",
  termsTermination1:
    "You can stop using Glimpse and delete your account at any time from your Profile. We delete your account data within 30 days of the deletion. Some records may be kept longer where the law requires it or where they are needed for safety reasons, as set out in our <link>Privacy Policy</link>. Deleting your account also stops the renewal of any paid plan.",
  termsTerminationIf: "We may suspend or close your account if:",
  termsTerminationBreach: "you seriously or repeatedly breach these Terms;",
  termsTerminationMinor: "we have good reason to believe you are under 18;",
  termsTerminationLaw: "we are required to do so by law or by an authority;",
  termsTerminationRisk: "your account puts other members, the Service or third parties at risk.",
  termsTermination2:
    "Unless the law or safety reasons prevent it, we will tell you the reason. If we close your account for a reason other than your own breach of these Terms, or if we stop providing the Service altogether, we will refund the unused part of any period you have already paid for, and we will give you reasonable notice where we can.",

  termsLiabilityTitle: "9. Disclaimers and Limitation of Liability",
  termsLiability1:
    "Calls are live and take place between members. We do not watch them in advance and we are not responsible for what other members show or say, although we act on reports as described above. Our privacy and safety tools, including face blur and the safety shield, lower risks but cannot remove them completely, and they may sometimes miss something. Face blur applies only to the video you send. The safety shield, on by default, blurs what your partner shows you until a check on your device finds it safe and blurs it again if a frame may contain nudity; it can be wrong both ways, and if you choose to show a video it warned about, or switch the shield off, you see the video as sent. You can end and report a call at any time.",
  termsLiability2:
    "We work to keep the Service available and secure, but we cannot promise that it will always be uninterrupted or free of errors, or that a match will be found at any given time. We may change, improve or withdraw features, provided that paid features you have already paid for are not reduced during the current billing period.",
  termsLiability3:
    "Nothing in these Terms limits or excludes our liability where the law does not allow it, in particular for damage we cause intentionally or through gross negligence, for death or personal injury, or under mandatory consumer protection law, including your statutory rights if the Service does not conform to the contract. Within those limits, we are not liable for losses that were not reasonably foreseeable, or for losses caused by other members or by events beyond our reasonable control.",

  termsLawTitle: "10. Governing Law and Disputes",
  termsLaw1:
    "These Terms are governed by the law of the Republic of Poland. If you are a consumer living in the European Union, this choice of law does not take away the protection of the mandatory consumer protection rules of the country where you live.",
  termsLaw2:
    "If a dispute arises, please contact us first at {support}; most problems can be solved quickly that way. If we cannot resolve it, you may bring proceedings either before the competent courts of Poland or before the courts of the place where you live. As a consumer, you may also use the out-of-court complaint and redress bodies available in your country, such as consumer ombudsmen or mediation services.",

  termsChangesTitle: "11. Changes to These Terms",
  termsChanges1:
    "We may update these Terms, for example when we add features or when the law changes. We will tell you about changes by email and in the app at least 30 days before they take effect, and we will explain what is changing.",
  termsChanges2:
    "If you do not agree with a change, you may delete your account before it takes effect. If you keep using the Service after that date, the updated Terms will apply to you. A change may take effect sooner only where the law or an authority requires it.",

  termsContactTitle: "12. Contact",
  termsContact1:
    "If you have questions about these Terms or the Service, write to us at {support}.",
  termsContactOperator: "The Service is operated by:",

  // Privacy Policy
  privacyControllerTitle: "1. Who Is Responsible for Your Data",
  privacyController1:
    'The controller of your personal data is {operatorName}, a company registered in Poland, {operatorAddress} ("we", "us", "our"). We operate Glimpse (the "Service") and decide why and how your personal data is processed.',
  privacyController2:
    "We have appointed a Data Protection Officer, whom you can reach at {dpo} about any question concerning your personal data.",

  privacyDataTitle: "2. Data We Collect",
  privacyDataAccount:
    "<strong>Account data:</strong> your username, email address and whether it is verified, your password (stored only as a hash), the invitation code you used and who invited you, and when you registered.",
  privacyDataProfile:
    "<strong>Profile data:</strong> your display name, bio, profile picture and language, and your privacy settings (face blur, safety shield, hiding your location, notifications).",
  privacyDataLocation:
    '<strong>Coarse location:</strong> if you allow it, your browser sends your coordinates to our server, which converts them on the server itself, without any outside service, into a "City, Country" label and a coarse area a few kilometres wide. The coordinates are then discarded and never stored.',
  privacyDataFilters:
    "<strong>Filters and preferences:</strong> your location preference, chosen country or continent, hashtags and language.",
  privacyDataSessions:
    "<strong>Session statistics:</strong> when you were matched and with which account, how long the call lasted, its hashtag and location label, reactions, skips and how many calls you have made against your plan's limit.",
  privacyDataReports:
    "<strong>Reports and blocks:</strong> reports you make or receive (reason, details, date and outcome) and the members you have blocked.",
  privacyDataPayment:
    "<strong>Payment data:</strong> payments are handled by Stripe. We never see or store your card number; we receive only a customer reference, your plan, its status and billing dates.",
  privacyDataLogs:
    "<strong>Technical logs:</strong> IP address, browser type, request times, errors and security events such as failed sign-ins.",
  privacyDataMessages: "<strong>Messages to us:</strong> what you write when you contact us.",
  privacyDataMedia:
    "<strong>We do not store video or audio.</strong> Calls travel directly between the two devices (peer to peer) and never through our servers, except through an encrypted relay when a direct link is impossible or a member hides their address; a relay cannot read the content. Clips are recorded on your device and stay there unless you share them yourself. Face blur looks for faces only on your device, with a detection model that runs in your browser; no picture is sent to us or to anyone else for this. It blurs only the video you send and the clips you record, not the video your partner sends you. The safety shield checks your partner's video only on your device, with an image classifier that runs in your browser: about twice a second a small, scaled-down copy of the current frame is scored there and then discarded. No frame, score or picture is sent to us or to anyone else, and a report you file from the shield carries only the reason and what you write, like any other report. {ipNote}",
  privacyIpAlways:
    "This site sends every call through our relay server, so your partner's device sees the relay's address, never yours. The relay sees your address, as our website does, and passes on only encrypted audio and video, which it cannot read; a relayed call can take a little longer to start.",
  privacyIpUnavailable:
    'This site has no relay server configured, so the "{label}" switch is unavailable: as with any peer-to-peer call, your partner\'s device learns the network (IP) address of yours while the call is set up.',
  privacyIpChoice:
    "With \"{label}\" (your profile, Privacy; {byDefault}), your side of every call goes only through our relay server, so your partner's device sees the relay's address, not yours. The relay sees your address, as our website does, and passes on only encrypted audio and video, which it cannot read; a relayed call can take a little longer to start. With the switch off, as with any peer-to-peer call, your partner's device learns the network (IP) address of yours while the call is set up.",
  privacyIpOnByDefault: "on unless you turn it off",
  privacyIpOffByDefault: "off unless you turn it on",

  privacyBasesTitle: "3. Legal Bases for Processing",
  privacyBasesIntro: "Under the General Data Protection Regulation (GDPR) we rely on:",
  privacyBasesContract:
    "<strong>Contract</strong> (Art. 6(1)(b)): to create and run your account, match you, apply your filters and plan, and process subscriptions.",
  privacyBasesInterests:
    "<strong>Legitimate interests</strong> (Art. 6(1)(f)): to keep the Service and its members safe, prevent abuse, moderate reports, secure our systems, understand how the Service is used and defend legal claims. You may object to this processing at any time.",
  privacyBasesConsent:
    "<strong>Consent</strong> (Art. 6(1)(a)): to use your device location and to send optional notifications. You can withdraw consent at any time in your browser or Profile; this does not affect earlier processing.",
  privacyBasesObligation:
    "<strong>Legal obligation</strong> (Art. 6(1)(c)): to keep accounting and tax records and to answer lawful requests from authorities.",

  privacyUsesTitle: "4. How We Use Your Data",
  privacyUsesAccount: "to register you, verify your email, sign you in and keep you signed in;",
  privacyUsesMatching:
    "to pair you with other members according to your filters and show the location label;",
  privacyUsesPlan: "to apply the limits and features of your plan and handle payments;",
  privacyUsesEmails:
    "to send service emails, such as verification, password reset and policy changes;",
  privacyUsesReports:
    "to review reports, enforce our Terms of Service and protect members, especially minors;",
  privacyUsesFraud: "to detect and prevent fraud, abuse and security incidents;",
  privacyUsesStatistics: "to produce aggregated statistics that help us improve the Service;",
  privacyUsesLegal: "to meet our legal obligations.",
  privacyUses1:
    "Matching is automated, but it does not produce legal or similarly significant effects on you. We do not send marketing emails without your consent and we do not build advertising profiles.",

  privacySharingTitle: "5. Sharing Your Data",
  privacySharing1:
    "<strong>We do not sell your personal data</strong> and we do not share it for advertising. During a call your partner sees your username, location label, hashtag, reactions and whatever your camera shows. Beyond that we share data only with:",
  privacySharingProviders:
    "service providers acting on our instructions (processors): our hosting provider, our email provider and, if used, encrypted relay servers for calls;",
  privacySharingStripe:
    "Stripe, which processes payments for us and, for some purposes such as fraud prevention, under its own privacy policy;",
  privacySharingAuthorities:
    "police, courts and other authorities, when the law requires it or when it is needed to protect someone's life or safety.",
  privacySharing2:
    "If a provider processes data outside the European Economic Area, we use the safeguards the GDPR requires, such as an adequacy decision of the European Commission or standard contractual clauses. You can ask us for a copy at {privacy}.",

  privacyRightsTitle: "6. Your Rights",
  privacyRightsIntro: "Under the GDPR you have the right to:",
  privacyRightsAccess: "access your personal data and receive a copy of it;",
  privacyRightsRectify: "have inaccurate data corrected (rectification);",
  privacyRightsErase: "have your data erased;",
  privacyRightsRestrict: "restrict how we process your data;",
  privacyRightsPortable: "receive the data you gave us in a portable, machine-readable format;",
  privacyRightsObject: "object to processing based on our legitimate interests;",
  privacyRightsWithdraw: "withdraw your consent at any time.",
  privacyRights1:
    "Much of this you can do yourself in your Profile, including deleting your account. For anything else, write to {privacy}. We answer within 30 days. Where a request is particularly complex, the GDPR allows us to extend this by up to two months; we will tell you within the first 30 days if we need to. Exercising your rights is free, and we may ask you to confirm your identity first.",

  privacyRetentionTitle: "7. Data Retention",
  privacyRetentionAccount:
    "<strong>Account and profile data:</strong> kept while your account exists and deleted within 30 days of the deletion of your account.",
  privacyRetentionLocation:
    "<strong>Location:</strong> your coordinates are never stored; the coarse label and area are replaced when you update them and deleted with your account.",
  privacyRetentionSessions: "<strong>Session statistics:</strong> kept for 2 years, then deleted.",
  privacyRetentionSecurity: "<strong>Security logs:</strong> kept for 1 year, then deleted.",
  privacyRetentionAddresses:
    "<strong>Addresses you signed in from:</strong> each kept 90 days after your last sign-in from it, so that you can still sign in while someone elsewhere is guessing your password; deleted with your account.",
  privacyRetentionDevices:
    "<strong>Your signed-in devices:</strong> for each session, the browser and system it named, the city its own shared position was named as, and when it was last active, kept until it is signed out or its 30 days end; the browsers your account signed in with, known only by a hash of their device cookie, kept one year after the last sign-in from each. All are deleted with your account.",
  privacyRetentionReports:
    "<strong>Reports:</strong> kept for moderation records, but without personal data: once an account involved is deleted, we remove usernames, identifiers and free-text details and keep only the reason, date and outcome.",
  privacyRetentionPayments:
    "<strong>Payment records:</strong> kept as long as tax and accounting law requires, generally five years after the end of the year of payment.",
  privacyRetention1:
    "We may keep specific data longer only where it is needed to establish or defend a legal claim or where an authority lawfully requires it.",

  privacySecurityTitle: "8. Security",
  privacySecurityHttps:
    "all traffic between your browser and our servers is encrypted in transit (HTTPS);",
  privacySecurityMedia:
    "call media is encrypted peer to peer with DTLS-SRTP, and a fingerprint is shown so the connection can be checked; relays cannot decrypt it;",
  privacySecurityPasswords: "passwords are stored only in hashed form, never in readable form;",
  privacySecurityCookie: "your session cookie is HttpOnly, so scripts on the page cannot read it;",
  privacySecurityFaceBlur:
    "face blur, on by default, runs on your device and blurs the faces it finds before your video leaves it; until it is ready, if it cannot load and when it falls behind, it pixelates the part of the picture where faces usually are instead. It can miss faces that are small, far away, turned away or partly hidden;",
  privacySecurityShield:
    "the safety shield, on by default, keeps your partner's video blurred until a check on your device finds it safe, and blurs it again, with a warning, when a frame may contain nudity. If the check cannot run, the video stays blurred until you tap to show it. It can be wrong both ways;",
  privacySecurityStaff: "access to personal data is limited to staff who need it for their work.",
  privacySecurity1:
    "No system is completely secure. If a breach puts your data at risk, we will notify the supervisory authority and, where the risk to you is high, tell you without undue delay.",

  privacyCookiesTitle: "9. Cookies and Browser Storage",
  privacyCookies1:
    "We use only strictly necessary cookies: a session cookie that keeps you signed in (set when you sign in, removed when you sign out); a device cookie, a random value set when you sign in and kept up to 400 days, by which we recognise a browser your account has used before, so that we can email you when your account is signed in from a new one (it serves nothing else); a cookie that remembers the language you chose, if you choose one; and a short-lived cookie that carries a notice (such as 'Logged in successfully') to the next page. Because the Service cannot work without them, they do not require consent.",
  privacyCookies2:
    "We use no advertising, analytics or tracking cookies, and we do not allow third parties to place them through the Service. Stripe's own checkout pages may set cookies needed for payment security, under Stripe's policies.",
  privacyCookies3:
    "Your filters and similar preferences may also be saved in your browser's local storage, so that they are ready next time. This data stays on your device; you can clear it at any time in your browser settings.",

  privacyChildrenTitle: "10. Children",
  privacyChildren1:
    "Glimpse is only for adults aged 18 or over. We do not knowingly collect personal data from anyone under 18. If we learn that an account belongs to a minor, we remove it and delete its data, except for what the law requires us to keep or pass to the authorities to protect the child.",
  privacyChildren2:
    'If you meet someone during a call who seems to be under 18, please report them with the reason "{reason}". Parents and guardians can also write to {privacy}.',

  privacyCaliforniaTitle: "11. California Privacy Rights",
  privacyCaliforniaIntro:
    "If you live in California, the California Consumer Privacy Act (CCPA) gives you the right to:",
  privacyCaliforniaKnow:
    "know what personal information we collect, use and disclose, and receive a copy of it;",
  privacyCaliforniaDelete: "have your personal information deleted;",
  privacyCaliforniaCorrect: "have inaccurate personal information corrected;",
  privacyCaliforniaOptOut:
    "opt out of the sale or sharing of your personal information. We do not sell or share personal information as the CCPA defines those terms, and have not done so in the past 12 months;",
  privacyCaliforniaEqual: "not be discriminated against for exercising any of these rights.",
  privacyCalifornia1:
    "The categories we collect are described in section 2. To make a request, write to {privacy}; you may also use an authorised agent. We will verify your request and answer within 45 days. If we need more time, we will tell you why and may extend this once by a further 45 days, as the law allows.",

  privacyChangesTitle: "12. Changes to This Policy",
  privacyChanges1:
    "We may update this Privacy Policy when the Service or the law changes. We will tell you about material changes by email and in the app at least 30 days before they take effect, and explain what is changing. Where a change requires your consent, we will ask for it.",

  privacyAuthorityTitle: "13. Supervisory Authorities",
  privacyAuthority1:
    "You have the right to lodge a complaint with a data protection supervisory authority. Our lead authority is the President of the Personal Data Protection Office (Prezes Urzędu Ochrony Danych Osobowych, UODO), ul. Stawki 2, 00-193 Warszawa, Poland.",
  privacyAuthority2:
    "You may also complain to the supervisory authority of the EU country where you live, where you work or where you believe an infringement took place. We would appreciate the chance to address your concern first, so please feel free to contact us before you do.",

  privacyContactTitle: "14. Contact",
  privacyContact1:
    "For questions about this Privacy Policy or to exercise your rights, write to {privacy}.",
  privacyContactDpo: "You can reach our Data Protection Officer directly at {dpo}.",
  privacyContactPost: "By post:",
};
