// Messages of the legal namespace (English: the reference).
export default {};
