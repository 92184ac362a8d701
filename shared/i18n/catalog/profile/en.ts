// Messages of the profile namespace (English: the reference).
export default {};
