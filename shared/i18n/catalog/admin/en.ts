// Messages of the admin namespace (English: the reference).
export default {};
