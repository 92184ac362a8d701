// Messages of the live namespace (English: the reference).
export default {};
