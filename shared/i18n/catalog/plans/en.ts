// Messages of the plans namespace (English: the reference).
export default {};
