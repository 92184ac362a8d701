// Messages of the email namespace (English: the reference).
export default {};
