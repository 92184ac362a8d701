// Messages of the texts namespace (English: the reference).
export default {};
