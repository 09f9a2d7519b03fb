/** One entry of GET /api/user/projects/ (signed-in spec, section 7): the top bar's property list. */
export interface UserProject {
  id: number;
  name: string;
  address: string;
}
