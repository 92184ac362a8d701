// The discovery map's colour scale: a continent's shade steps up with the members online there.
// The steps are fixed counts, not shares of the busiest continent, so one member never looks like
// a crowd. Safe for the browser bundle; the colours are the `.shade-N` rules in app.css.
export const ONLINE_STEPS = [
  { from: 0, label: "None" },
  { from: 1, label: "1–4" },
  { from: 5, label: "5–19" },
  { from: 20, label: "20+" },
] as const;

/** The step (an index into ONLINE_STEPS) of a continent with `users` members online. */
export function onlineStep(users: number): number {
  let step = 0;
  ONLINE_STEPS.forEach((s, i) => {
    if (users >= s.from) step = i;
  });
  return step;
}
