/**
 * The three-letter codes the ITTF writes for a player's association ("GER", "CHN", "TPE"): the IOC's country
 * codes for National Olympic Committees, and the ITTF's own for its members that have none (England, Scotland,
 * Wales, Guernsey, Jersey, the Faroe Islands, Macao, New Caledonia, Tahiti, Wallis and Futuna, the Northern
 * Mariana Islands). They differ from ISO 3166-1 alpha-3 for many (GER/DEU, NED/NLD, SUI/CHE), so a flag set keyed
 * by ISO 3166-1 alpha-2 needs this table. Sources: the IOC's list of National Olympic Committees and their codes
 * (olympics.com, "National Olympic Committees"), the ITTF's member associations (ittf.com, "Member
 * Associations"), ISO 3166-1 alpha-2 and, for England, Scotland and Wales, ISO 3166-2:GB (GB-ENG, GB-SCT,
 * GB-WLS). A code not in the table (TPE, whose athletes compete under the Olympic flag; AIN, neutral athletes) has
 * no flag and is shown as its text.
 */

/** Whether a value is a country code as the import and the management API take it: three capital letters A to Z. */
export const isCountryCode = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Z]{3}$/.test(value);

/** ITTF/IOC code and ISO 3166-1 alpha-2 (or ISO 3166-2 subdivision) pairs, a line per initial, the ITTF's own last. */
const PAIRS = `
AFG:AF ALB:AL ALG:DZ AND:AD ANG:AO ANT:AG ARG:AR ARM:AM ARU:AW ASA:AS AUS:AU AUT:AT AZE:AZ
BAH:BS BAN:BD BAR:BB BDI:BI BEL:BE BEN:BJ BER:BM BHU:BT BIH:BA BIZ:BZ BLR:BY BOL:BO BOT:BW BRA:BR BRN:BH BRU:BN BUL:BG BUR:BF
CAF:CF CAM:KH CAN:CA CAY:KY CGO:CG CHA:TD CHI:CL CHN:CN CIV:CI CMR:CM COD:CD COK:CK COL:CO COM:KM CPV:CV CRC:CR CRO:HR CUB:CU CYP:CY CZE:CZ
DEN:DK DJI:DJ DMA:DM DOM:DO
ECU:EC EGY:EG ERI:ER ESA:SV ESP:ES EST:EE ETH:ET
FIJ:FJ FIN:FI FRA:FR FSM:FM
GAB:GA GAM:GM GBR:GB GBS:GW GEO:GE GEQ:GQ GER:DE GHA:GH GRE:GR GRN:GD GUA:GT GUI:GN GUM:GU GUY:GY
HAI:HT HKG:HK HON:HN HUN:HU
INA:ID IND:IN IRI:IR IRL:IE IRQ:IQ ISL:IS ISR:IL ISV:VI ITA:IT IVB:VG
JAM:JM JOR:JO JPN:JP
KAZ:KZ KEN:KE KGZ:KG KIR:KI KOR:KR KOS:XK KSA:SA KUW:KW
LAO:LA LAT:LV LBA:LY LBN:LB LBR:LR LCA:LC LES:LS LIE:LI LTU:LT LUX:LU
MAD:MG MAR:MA MAS:MY MAW:MW MDA:MD MDV:MV MEX:MX MGL:MN MHL:MH MKD:MK MLI:ML MLT:MT MNE:ME MON:MC MOZ:MZ MRI:MU MTN:MR MYA:MM
NAM:NA NCA:NI NED:NL NEP:NP NGR:NG NIG:NE NOR:NO NRU:NR NZL:NZ
OMA:OM
PAK:PK PAN:PA PAR:PY PER:PE PHI:PH PLE:PS PLW:PW PNG:PG POL:PL POR:PT PRK:KP PUR:PR
QAT:QA
ROU:RO RSA:ZA RUS:RU RWA:RW
SAM:WS SEN:SN SEY:SC SGP:SG SKN:KN SLE:SL SLO:SI SMR:SM SOL:SB SOM:SO SRB:RS SRI:LK SSD:SS STP:ST SUD:SD SUI:CH SUR:SR SVK:SK SWE:SE SWZ:SZ SYR:SY
TAN:TZ TGA:TO THA:TH TJK:TJ TKM:TM TLS:TL TOG:TG TTO:TT TUN:TN TUR:TR TUV:TV
UAE:AE UGA:UG UKR:UA URU:UY USA:US UZB:UZ
VAN:VU VEN:VE VIE:VN VIN:VC
YEM:YE
ZAM:ZM ZIM:ZW
ENG:GB-ENG SCO:GB-SCT WAL:GB-WLS GUE:GG JEY:JE FRO:FO MAC:MO NCL:NC TAH:PF WLF:WF NMI:MP
`.trim().split(/\s+/);

/** The ISO code of each ITTF code that has one (`ITTF_TO_ISO.get("GER")` is "DE"). */
export const ITTF_TO_ISO: ReadonlyMap<string, string> = new Map(
  PAIRS.map((pair) => pair.split(":") as [string, string]),
);

/**
 * The ISO 3166 code of a player's country for a flag set, or null when it has none (shown as text).
 * @example isoOfCountry("GER") // "DE"
 * @example isoOfCountry("ENG") // "GB-ENG"
 * @example isoOfCountry("TPE") // null
 */
export function isoOfCountry(code: string): string | null {
  return ITTF_TO_ISO.get(code) ?? null;
}
