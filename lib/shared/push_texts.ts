// The server's texts of "Tell me when someone is here" (Web Push), in English as it writes them;
// the "texts" catalog has them in every language (push_<key>). The pages' own texts are in the
// common catalog (push_ask, push_on, ...).
export const PUSH_TEXT = {
  badSubscription: "That is not a push subscription from a browser's push service.",
  noSubscription: "This browser is not set to tell you.",
} as const;
