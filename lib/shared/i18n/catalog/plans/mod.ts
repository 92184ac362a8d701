import en from "./en.ts";
import es from "./es.ts";
import fr from "./fr.ts";
import de from "./de.ts";
import zh from "./zh.ts";
import ja from "./ja.ts";

export default { en, es, fr, de, zh, ja };
