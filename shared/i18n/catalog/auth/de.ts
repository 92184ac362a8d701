import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {} satisfies Translation<typeof en>;
