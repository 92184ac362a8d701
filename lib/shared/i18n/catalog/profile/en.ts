// The profile namespace: /profile (the account form, the picture, the privacy switches, the
// password change and deleting the account), /filters (where, language, hashtags), and the
// English texts of lib/shared/filters.ts (mirrored exactly, so the server's
// errors, titles and toasts that carry them are translated too).
export default {
  // The pages' titles and headings.
  yourProfile: "Your profile",
  filtersTitle: "Edit Your Filters",

  // /profile's tabs.
  sections: "Profile sections",
  tabProfile: "Profile",
  tabPrivacy: "Privacy & Security",

  // The account form.
  username: "Username",
  email: "Email",
  displayName: "Display name",
  bio: "Bio",
  saving: "Saving...",
  saveProfile: "Save profile",
  saved: "Saved",
  profileUpdated: "Profile updated",
  updateFailed: "Failed to update profile. Please try again.",

  // The place (the account form's country and city, and locating the device).
  country: "Country",
  city: "City",
  locating: "Locating...",
  useMyLocation: "Use my current location",
  locationNote:
    "Your exact position never leaves our server: we keep only the city, the country and an area of about 2 km.",
  locationUpdated: "Location updated",
  geoUnsupported: "Geolocation is not supported",
  geoDenied: "Location permission denied",
  geoUnavailable: "Location unavailable",
  geoTimeout: "Location request timed out",
  geoNoNames: "Could not get location names",
  geoNamesFailed: "Failed to get location names",
  geoFailed: "Failed to get location",

  // The picture.
  avatarAlt: "Your profile picture",
  changeAvatar: "Change avatar",
  notImage: "Please select an image file.",
  avatarFailed: "Failed to update your profile picture. Please try again.",

  // The privacy switches.
  privacy: "Privacy",
  faceBlur: "Face blur",
  faceBlurHelp:
    "Blur, on your device, every face found in the video you send and in your clips. Whenever detection is not ready, the area where faces usually are is pixelated instead. Small, distant, turned-away or partly hidden faces can be missed. When off, your video is sent as filmed.",
  safetyShield: "Safety shield",
  safetyShieldHelp:
    "Keep your partner's video blurred until a check on your device finds it safe, and blur it again if it may contain nudity. No frame leaves your device. The check can be wrong both ways; you can always end and report a session.",
  hideIp: "Hide my IP address from partners",
  hideIpHelp:
    "Your calls go through our relay server, so partners see the relay's address instead of yours. A relayed call can take a little longer to start. The relay passes on your audio and video encrypted: it cannot see or hear them. When off, a partner's browser can see your IP address, which tells roughly where you are and who your internet provider is.",
  hideIpUnavailable:
    "No relay server is configured on this site, so calls cannot hide your address.",
  hideIpAlways:
    "This site sends every call through its relay server, so partners never see your address. A relayed call can take a little longer to start; the relay passes on only encrypted audio and video.",
  hideIpNetworkHidden:
    "A relay server answered: your calls go through it, so partners see its address, not yours (Hide my IP address is on). A relayed call can take a little longer to start; the relay passes on only encrypted audio and video.",
  hideIpNetworkUnreachable:
    "No relay server reachable: calls cannot connect while Hide my IP address is on (your profile's Privacy tab), as they go only through the relay.",
  hideLocation: "Hide exact location",
  hideLocationHelp: "Partners see only your country, not your city.",
  notifications: "Notifications",
  notificationsHelp:
    "Emails about your account and your invitations, and this browser's notices when members who fit your filters are searching.",

  // The password change.
  changePassword: "Change password",
  updating: "Updating...",
  updatePassword: "Update password",
  passwordFailed: "Failed to update password. Please try again.",

  // Deleting the account.
  deleteAccount: "Delete account",
  deleteNote:
    "You are signed out everywhere at once and your username and email become free. Your personal data is deleted within 30 days.",
  deleteConfirm:
    "Are you sure you want to delete your account? You will be signed out and this cannot be undone.",
  deleteFailed: "Failed to delete account. Please try again.",

  // /filters: where.
  where: "Where",
  locationPreference: "Location preference",
  global: "Global",
  continent: "Continent",
  nearby: "Nearby",
  helpGlobal: "Match with anyone in the world",
  helpPlace: "Match with people in the chosen place",
  helpCity: "Match with people in your city",
  helpNearby: "Match within 25km",
  widenAutomatically: "Widen automatically when nobody is near",
  widenAutomaticallyHelp:
    "When your filter leaves nobody to meet, or 10 seconds pass without a match while a wider one would meet someone, a search widens by itself, one step at a time: a city or nearby to its country, then its continent, then everyone. The filter saved here stays as it is.",

  // /filters: language.
  language: "Language",
  languagePreference: "Language preference",
  anyLanguage: "Any language",

  // /filters: hashtags.
  hashtags: "Hashtags",
  addHashtag: "Add a hashtag",
  add: "Add",
  hashtagHint: "Letters, digits and _, up to {length} characters; at most {max} hashtags.",
  quickAdd: "Quick add:",
  yourHashtags: "Your hashtags",
  removeHashtag: "Remove #{tag}",
  cancel: "Cancel",
  save: "Save",

  // The filters' rules (lib/shared/filters.ts, filters_schema.ts) and the filters API's toast.
  filtersSaved: "Filters saved",
  filtersSavedDescription: "Your filter preferences have been updated.",
  saveError: "Error saving filters",
  saveErrorDescription: "There was a problem saving your filters. Please try again.",
  badHashtag: "Hashtags use letters, digits and _ (at most {max} characters).",
  tooManyHashtags: "Choose at most {max} hashtags.",
  badCountry: "Please choose a country from the list.",
  badContinent: "Please choose a continent from the list.",
  badPreference: "Please choose global, continent, country, city or nearby.",
  badLanguage: "Please choose any or one of English, Spanish, French, German, Chinese, Japanese.",
  badAgeRange: "The age range must run from low to high.",

  // Your devices (the Privacy & Security tab; the devices API's refusals are device…).
  devicesTitle: "Your devices",
  devicesNote:
    "The browsers signed in to your account. A place shows only for a device that shared its own location; last active is updated every few minutes.",
  deviceOn: "{browser} on {system}",
  deviceBrowserOn: "A browser on {system}",
  deviceUnknown: "Unknown browser",
  thisDevice: "This device",
  deviceNear: "Near {city}",
  activeRecently: "Active in the last {minutes} minutes",
  lastActive: "Last active {when}",
  signedInAt: "Signed in {date}",
  signOutDevice: "Sign out",
  signOutDeviceLabel: "Sign out {device}",
  signOutOthers: "Sign out all other devices",
  signingOut: "Signing out...",
  noOtherDevices: "No other device is signed in.",
  deviceSignedOut: "Device signed out",
  othersSignedOut: "All your other devices are signed out.",
  devicesFailed: "Could not sign out the device. Please try again.",
  deviceBadId: "That is not a device id.",
  deviceNotFound: "That device is not signed in.",
  deviceIsCurrent: "This is the device you are using. To sign it out, use Logout.",

  // Passkeys (the Privacy & Security tab; the passkey API's messages are pk*).
  passkeysTitle: "Passkeys",
  passkeysNote:
    "Sign in with your fingerprint, face or screen lock instead of a password. A passkey stays on your device or in your password manager.",
  addPasskey: "Add a passkey",
  addingPasskey: "Waiting for your passkey...",
  noPasskeys: "You have no passkey yet.",
  passkeyAdded: "Added {date}",
  passkeyLastUsed: "Last used {when}",
  passkeyNeverUsed: "Not used yet",
  passkeyNameLabel: "Name of the passkey",
  renamePasskey: "Rename",
  renamePasskeyLabel: "Rename {name}",
  savePasskeyName: "Save",
  cancelRename: "Cancel",
  removePasskey: "Remove",
  removePasskeyLabel: "Remove {name}",
  passkeysFailed: "The passkey could not be changed",
  passkeysUnsupported: "This browser cannot use passkeys.",
  removePassword: "Remove password",
  removePasswordNote:
    "With a passkey and a verified email you can sign in without a password. Should you lose your passkeys, Forgot password? on the sign-in page sets a new one.",
  removePasswordConfirm: "Yes, remove my password",
  removingPassword: "Removing...",
  noPasswordNote:
    "Your account has no password: you sign in with a passkey. To set one, use Forgot password? on the sign-in page.",
  pkAdded: "Passkey added",
  pkRenamed: "Passkey renamed",
  pkRemoved: "Passkey removed",
  pkRemovedLastFactor:
    "Passkey removed. You have no second factor now: the admin pages will ask you to set one up.",
  pkPasswordRemoved: "Password removed. Sign in with your passkey from now on.",
  pkChallengeInvalid: "This passkey request has expired or was already used. Please try again.",
  pkNotVerified: "This passkey could not be verified. Please try again.",
  pkWrongSite:
    "This passkey answer was made for another site. Open Glimpse at its own address and try again.",
  pkUnknown: "This passkey is not registered for any Glimpse account.",
  pkAlreadyAdded: "This passkey is already added to your account.",
  pkTooMany: "You can keep at most {max} passkeys. Remove one to add another.",
  pkNotFound: "That passkey is not on your account.",
  pkBadName: "Please give the passkey a name of 1 to {max} characters.",
  pkLastPasskey:
    "You have no password, so this passkey is your only way to sign in. Set a password first (Forgot password? on the sign-in page).",
  pkNeedsPasskey: "Add a passkey before you remove your password.",
  pkNeedsVerifiedEmail:
    "Verify your email address before you remove your password: it is how you get back in.",
  pkNoPassword: "Your account has no password.",
};
