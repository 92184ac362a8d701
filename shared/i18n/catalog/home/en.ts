// Messages of the home namespace (English: the reference).
export default {};
