// The Stripe API client: the `stripe` npm SDK on its fetch HTTP client (no Node http under Deno),
// pointed at STRIPE_API_URL when set (tests run a local stand-in for Stripe's API there).
import Stripe from "stripe";
import type { Config } from "../config.ts";

/** A client for the configured key, or null when Stripe is not configured. */
export function stripeClient(config: Config): Stripe | null {
  const key = config.stripe.secretKey;
  if (!key) return null;
  const options: Stripe.StripeConfig = {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
  };
  if (config.stripe.apiUrl) {
    const url = new URL(config.stripe.apiUrl);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    options.protocol = url.protocol === "https:" ? "https" : "http";
  }
  return new Stripe(key, options);
}
