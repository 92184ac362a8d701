// A few hundred of the most used passwords (lower case), from the lists published after large
// leaks, with the usual decorations. A password matches when it is one of them, or one of them
// with digits or symbols added at the end, common letter swaps (@ for a, 0 for o, …) undone, or
// a short piece repeated ("abcabcabcabc").
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer
zxcvbnm asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie
robert thomas hockey ranger daniel starwars klaster 112233 george computer michelle jessica
pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger
princess joshua cheese amanda summer love ashley nicole chelsea biteme matthew access yankees
987654321 dallas austin thunder taylor matrix mobilemail mom monitor monitoring montana moon
moscow welcome welcome1 admin admin123 administrator root toor passw0rd password1 password12
password123 password1234 password12345 p@ssw0rd p@ssword qwerty123 qwerty1 qwertyui 1q2w3e4r
1q2w3e4r5t 1q2w3e 1qaz2wsx3edc zaq12wsx q1w2e3r4 q1w2e3r4t5 asdfghjkl asdf1234 asdfasdf zxcv1234
abcd1234 abcdef abcdefg abcdefgh abc12345 aa123456 a123456 123abc 123456a 1234qwer qwer1234
google secret secret123 login lovely loveme love123 iloveyou1 iloveyou2 princess1 sunshine1
football1 baseball1 monkey1 dragon1 shadow1 master1 superman1 batman1 charlie1 michael1 jessica1
ashley1 liverpool arsenal chelsea1 manchester barcelona 88888888 99999999 123123123 12341234
11223344 121212121 147258369 159357 147258 789456123 987654 123654 666666666 1111111111
0000000000 00000000 12121212 1234554321 123456654321 qwertyuiopasdfghjkl qwertyuiop123 1234567891
12345678910 123456789a 123456789q starwars1 pokemon pikachu naruto minecraft fortnite roblox
whatever trustme hello hello123 hellohello helloworld test test123 test1234 testtest guest
changeme changeme123 default letmein1 letmein123 welcome123 welcome2024 welcome2023 summer2024
summer2023 winter2024 spring2024 autumn2024 january february march april june july august
september october november december monday friday sunday sunflower flower butterfly purple orange
banana apple cookie chocolate pizza coffee tinkerbell angel angel1 baby babygirl babygirl1
loveyou lovers lover forever family family1 jesus jesus1 blessed god godisgood heaven blink182
nirvana metallica eminem qwertz azerty 1234abcd abcd123 a1b2c3 a1b2c3d4 passpass pass123 pass1234
mypassword mypass yourpassword nopassword password! password1! p@ssw0rd123 passw0rd! welcome1!
qwerty123! admin@123 admin1234 adminadmin administrator1 root123 rootroot superuser supersecret
topsecret security letmeinnow iamadmin master123 masterkey whatever1 trustno11 computer1 internet
samsung iphone apple123 microsoft windows linux ubuntu oracle cisco qwerty12345 1q2w3e4r5t6y
1qazxsw2 zxcvbnm123 asdfghjkl123 qazwsxedc qazwsxedcrfv 1qaz!qaz !qaz2wsx michael123 jordan23
london paris newyork america canada germany poland warszawa polska haslo haslo123 kochamcie
zaq1zaq1 zaq1@wsx matthew1 hannah jasmine diamond silver golden soccer1 hockey1 tennis basketball
skateboard snowboard ferrari porsche mercedes corvette yamaha harley1 thunder1 tiger tigers lion
dolphin eagle falcon phoenix dragonball pokemon1 gandalf frodo hobbit matrix1 neo zion merlin
wizard magic killer1 hunter2 hunter1 ranger1 cowboy cowboys steelers packers eagles redsox
yankees1 lakers bulls raiders gemini scorpio cancer leo virgo libra aquarius pisces capricorn
sagittarius taurus aries correcthorsebatterystaple iloveyouforever qwerty123456 123456789012
123qweasdzxc 1qaz2wsx3edc4rfv qweasdzxc123 administrator123 changeme1234 letmein12345
passwordpassword abcdefghijkl abcdefghijklmnop football1234 baseball1234 superman1234
michael12345 iloveyou12345 princess1234 sunshine1234 monkey123456 dragon123456 welcome12345
qwertyqwerty asdfasdfasdf zxcvzxcvzxcv 000000000000 111111111111 123123123123 glimpse
glimpseadmin glimpse123 adminpassword passwordadmin letmeinplease qwertyuiopasdf`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

/** The list itself (lower case), for the production secrets' estimate (lib/server/secret_strength.ts). */
export const COMMON_PASSWORDS: ReadonlySet<string> = COMMON;

const SWAPS: Record<string, string> = {
  "@": "a",
  "4": "a",
  "0": "o",
  "1": "i",
  "3": "e",
  "$": "s",
  "5": "s",
  "!": "i",
  "7": "t",
};

/** A word with the letter swaps above undone ("p@ssw0rd" is "password"). */
export function unswapped(word: string): string {
  return [...word].map((ch) => SWAPS[ch] ?? ch).join("");
}

/** The shortest piece the text is a repetition of (the text itself when it is none). */
function repeatedUnit(text: string): string {
  for (let n = 1; n <= text.length / 2; n++) {
    if (text.length % n === 0 && text.slice(0, n).repeat(text.length / n) === text) {
      return text.slice(0, n);
    }
  }
  return text;
}

/** True when the password is a common one, as the list above says. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const unit = repeatedUnit(lower);
  if (unit !== lower && unit.length <= 4) return true;
  for (const candidate of new Set([lower, unit])) {
    const base = candidate.replace(/[^a-z]+$/, "");
    for (const word of [candidate, base, unswapped(candidate), unswapped(base)]) {
      if (word && COMMON.has(word)) return true;
    }
  }
  return false;
}
