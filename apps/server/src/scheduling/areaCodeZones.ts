/**
 * North American area codes → IANA time zones (the NANP spans several zones per country, so the
 * country alone does not tell the recipient's clock). An area code split between zones lists
 * each of them: the calling window must then be open in all. Codes not listed fall back to every
 * zone of the country (countries-and-timezones). Other countries' numbers use their country's zones.
 */
const byZone: Record<string, string> = {
  'America/New_York':
    '201 202 203 207 212 215 216 220 223 229 234 239 240 248 252 267 272 276 283 301 302 304 305 313 315 321 326 330 332 336 339 347 351 352 363 380 386 401 404 407 410 412 413 419 423 434 436 440 443 445 448 470 472 475 478 484 502 508 513 516 517 518 540 551 561 567 570 571 582 585 586 603 606 607 609 610 614 617 631 640 645 646 656 667 678 680 681 689 703 704 706 716 717 718 724 727 728 732 734 740 743 754 757 762 770 771 772 774 781 786 802 803 804 810 813 814 826 828 835 838 839 843 845 848 854 856 857 859 860 862 863 864 865 878 904 908 910 912 914 917 919 929 934 937 941 943 947 948 954 959 973 978 980 984 989',
  'America/Detroit': '231 269 616 679 906',
  'America/Indiana/Indianapolis': '260 317 463 574 765 930',
  'America/Chicago':
    '205 210 214 217 218 224 225 228 251 254 256 262 270 274 281 309 312 314 316 318 319 320 325 327 331 334 337 346 361 364 405 409 414 417 430 432 447 464 469 479 501 504 507 512 515 531 534 539 557 563 572 573 580 601 608 612 615 618 620 629 630 636 641 651 659 660 662 682 701 708 712 713 715 726 730 731 737 763 769 773 779 785 806 815 816 817 830 832 847 870 872 901 903 913 918 920 931 936 938 940 945 952 956 972 975 979 985',
  'America/Denver': '303 385 406 435 505 575 719 720 801 915 970 983',
  'America/Phoenix': '480 520 602 623 928',
  'America/Los_Angeles':
    '206 209 213 253 279 310 323 341 350 360 408 415 424 425 442 458 503 509 510 530 559 562 564 619 626 628 650 657 661 669 702 707 714 725 747 760 775 805 818 820 831 840 858 909 916 925 949 951 971',
  'America/Anchorage': '907',
  'Pacific/Honolulu': '808',
  'America/Vancouver': '236 250 604 672 778',
  'America/Edmonton': '368 403 587 780 825',
  'America/Regina': '306 474 639',
  'America/Winnipeg': '204 431 584',
  'America/Toronto':
    '226 249 263 289 343 354 365 367 382 416 418 437 438 450 468 514 519 548 579 581 613 647 683 705 742 753 807 819 873 905 942',
  'America/Halifax': '506 782 902',
  'America/St_Johns': '709 879',
};

/** Area codes split between zones (each zone's part is large enough to matter). */
const split: Record<string, string[]> = {
  '850': ['America/New_York', 'America/Chicago'],
  '208': ['America/Boise', 'America/Los_Angeles'],
  '986': ['America/Boise', 'America/Los_Angeles'],
  '219': ['America/Chicago', 'America/Indiana/Indianapolis'],
  '812': ['America/Indiana/Indianapolis', 'America/Chicago'],
  '308': ['America/Chicago', 'America/Denver'],
  '402': ['America/Chicago'],
  '605': ['America/Chicago', 'America/Denver'],
  '541': ['America/Los_Angeles', 'America/Boise'],
  '867': ['America/Whitehorse', 'America/Yellowknife', 'America/Iqaluit'],
};

const table = new Map<string, string[]>();
for (const [zone, codes] of Object.entries(byZone)) {
  for (const code of codes.split(' ')) {
    if (/^\d{3}$/.test(code) && !table.has(code)) table.set(code, [zone]);
  }
}
for (const [code, zones] of Object.entries(split)) table.set(code, zones);

/** The zones of a North American area code, or null when the table does not know it. */
export function zonesForAreaCode(areaCode: string): string[] | null {
  return table.get(areaCode) ?? null;
}

/**
 * Other countries that span several zones but whose geographic numbers say where they ring
 * (their national number's leading digits), longest prefix first. Mobile and non-geographic
 * numbers match nothing here and keep every zone of their country.
 *
 * Australia: 02 New South Wales and the ACT, 03 Victoria and Tasmania, 07 Queensland, 08 the
 * west and centre (08 80 Broken Hill, 08 89 the Northern Territory, 08 8 South Australia,
 * 08 6 / 08 9 Western Australia).
 * Brazil (two-digit DDD area codes, also on mobiles; no daylight saving since 2019): Acre,
 * Rondônia, Roraima, Amazonas (97: partly an hour behind Manaus), Mato Grosso and Mato Grosso do
 * Sul have their own zones; every other DDD rings on Brasília time.
 */
const prefixZones: Record<string, Array<[string, string[]]>> = {
  AU: [
    ['880', ['Australia/Broken_Hill']],
    ['889', ['Australia/Darwin']],
    ['88', ['Australia/Adelaide']],
    ['86', ['Australia/Perth']],
    ['89', ['Australia/Perth']],
    ['2', ['Australia/Sydney']],
    ['3', ['Australia/Melbourne', 'Australia/Hobart']],
    ['7', ['Australia/Brisbane']],
  ],
  BR: [
    ['68', ['America/Rio_Branco']],
    ['69', ['America/Porto_Velho']],
    ['95', ['America/Boa_Vista']],
    ['92', ['America/Manaus']],
    ['97', ['America/Manaus', 'America/Eirunepe']],
    ['65', ['America/Cuiaba']],
    ['66', ['America/Cuiaba']],
    ['67', ['America/Campo_Grande']],
    ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d): [string, string[]] => [
      d,
      ['America/Sao_Paulo'],
    ]),
  ],
};

/**
 * The zones of a number of `country` (ISO 3166 alpha-2) from its national number's leading
 * digits, or null when the country has no table here or the number matches none of its prefixes.
 */
export function zonesForNationalNumber(country: string, national: string): string[] | null {
  for (const [prefix, zones] of prefixZones[country] ?? [])
    if (national.startsWith(prefix)) return zones;
  return null;
}
