// Production secrets' estimate (lib/server/secret_strength.ts): the bits it gives random values of the
// kinds the docs suggest (lowest, 1st percentile, median over many), the bits of some made-up
// values, and the time one estimate takes. Figures only: nothing here passes or fails.
// Run: deno run -A bench/secret_strength.ts [values per kind]
import { guessBits } from "../lib/server/secret_strength.ts";
import { SECRET_MIN_BITS, secretBits } from "../lib/server/config.ts";

const count = Number(Deno.args[0] ?? 2000);
const bytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const base64 = (n: number) => btoa(String.fromCharCode(...bytes(n)));
const hex = (n: number) => [...bytes(n)].map((b) => b.toString(16).padStart(2, "0")).join("");

const kinds: [string, () => string][] = [
  ["openssl rand -base64 48 (64 chars)", () => base64(48)],
  ["openssl rand -base64 32 (44 chars)", () => base64(32)],
  ["openssl rand -base64 24 (32 chars)", () => base64(24)],
  ["openssl rand -hex 32 (64 chars)", () => hex(32)],
  ["openssl rand -hex 16 (32 chars)", () => hex(16)],
];
console.log(`minimum: ${SECRET_MIN_BITS} bits by both estimates; ${count} values per kind`);
for (const [name, make] of kinds) {
  const guess: number[] = [], distinct: number[] = [];
  let ms = 0;
  for (let i = 0; i < count; i++) {
    const secret = make();
    const t = performance.now();
    guess.push(guessBits(secret));
    ms += performance.now() - t;
    distinct.push(secretBits(secret));
  }
  const at = (v: number[], q: number) => v.sort((a, b) => a - b)[Math.floor(q * (v.length - 1))];
  const passing = guess.filter((g, i) => g >= SECRET_MIN_BITS && distinct[i] >= SECRET_MIN_BITS);
  console.log(
    `${name}: guess min ${at(guess, 0).toFixed(1)} p1 ${at(guess, 0.01).toFixed(1)} median ${
      at(guess, 0.5).toFixed(1)
    }; distinct min ${at(distinct, 0).toFixed(1)}; passing ${passing.length}/${count}; ${
      (ms / count).toFixed(2)
    } ms each`,
  );
}
for (
  const made of [
    "0123456789abcdef0123456789abcdef",
    "abcdefghijklmnopqrstuvwxyz012345",
    "correct horse battery staple is my secret",
    "thisismyverysecretsessionkeyforglimpse",
    "violet tractor harbour sunset puzzle mango orbit lantern cobalt meadow",
  ]
) console.log(`${guessBits(made).toFixed(1).padStart(6)} bits: ${made}`);
