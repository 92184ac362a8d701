// How far apart two machines' clocks may be without changing anything Glimpse does. Time sync
// breaks in real fleets (a VM resumed from suspend, a container without NTP, a leap-second
// smear), so no instance judges another by comparing their clocks closely: a beat is judged by
// its change, seen on the observer's own clock, and every time one machine writes and another
// reads (a beat's expiry, a ticket's freshness, a match's end, the look-back over ended
// sessions, a token's expiry) allows this much either way (docs/realtime.md, "Clocks").

/** Clocks this far apart, either way, change nothing (tested at ±10 s). */
export const CLOCK_SKEW_TOLERANCE_MS = 15_000;

/**
 * How long after a match's end (counted on the page's clock from what the server said was left) a
 * page ends it by itself when the server's word has not come: 2 s, and the clock tolerance (an
 * instance other than the one that made the match may count it out that much later).
 */
export const PAGE_END_LATE_MS = 2_000 + CLOCK_SKEW_TOLERANCE_MS;
