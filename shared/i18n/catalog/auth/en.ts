// Messages of the auth namespace (English: the reference).
export default {};
