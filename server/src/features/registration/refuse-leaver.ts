// The rule is shared with the document uploads; see school-years.
export { refuseLeaver } from '../../shared/school-years.js';
