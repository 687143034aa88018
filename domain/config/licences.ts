// Open-data licences the server knows without OPEN_DATA_LICENCE_URL (SPDX identifiers and the
// pages that state them); any other identifier needs the URL (domain/config/rules.ts).
export const KNOWN_LICENCE_URLS: Record<string, string> = {
  "CC-BY-4.0": "https://creativecommons.org/licenses/by/4.0/",
  "CC-BY-SA-4.0": "https://creativecommons.org/licenses/by-sa/4.0/",
  "CC0-1.0": "https://creativecommons.org/publicdomain/zero/1.0/",
  "ODbL-1.0": "https://opendatacommons.org/licenses/odbl/1-0/",
  "ODC-By-1.0": "https://opendatacommons.org/licenses/by/1-0/",
  "PDDL-1.0": "https://opendatacommons.org/licenses/pddl/1-0/",
  "OGL-UK-3.0": "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
};
