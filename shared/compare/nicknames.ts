/**
 * Given names and the short forms people go by in another system ('William' on the benefits
 * export, 'BILL' on the carrier's file). Each line is one family of names: any two names of a
 * family are the same given name for matching. A name may sit in several families ('Al' is Albert
 * and Alexander; 'Frankie' is Frank and Frances). Lower case, letters only.
 */
const FAMILIES: readonly string[] = [
  'abigail abby abbie gail',
  'albert al bert bertie',
  'alexander alex al xander sandy alec',
  'alexandra alex alexa sandra sandy sasha lexi',
  'alfred alf alfie fred freddie',
  'allison alison ali allie ally',
  'amanda mandy manda',
  'andrew andy drew',
  'angela angie',
  'anthony tony',
  'arthur art artie',
  'barbara barb babs barbie',
  'benjamin ben benny benji',
  'beatrice bea trixie',
  'bradley brad',
  'caroline carol carrie',
  'catherine katherine kathryn katharine cathy kathy kate katie cat kat kitty',
  'charles charlie chuck chas chaz',
  'charlotte charlie lottie',
  'christina christine chris chrissy tina kristina kristine',
  'christopher chris kit topher',
  'cynthia cindy cyndi',
  'daniel dan danny',
  'danielle dani',
  'david dave davey',
  'deborah debra deb debbie debby',
  'dennis denny',
  'donald don donnie donny',
  'dorothy dot dottie dolly',
  'douglas doug',
  'edward ed eddie ted teddy ned',
  'edwin ed eddie',
  'elizabeth liz lizzie beth betty betsy eliza elisa lisa libby',
  'emily em emmy',
  'eugene gene',
  'evelyn evie',
  'frances fran frankie fanny',
  'francis frank frankie',
  'frank frankie',
  'frederick fred freddie fritz',
  'gabriel gabe',
  'gabrielle gabby gabi',
  'gerald jerry gerry',
  'gregory greg',
  'harold harry hal',
  'henry hank harry hal',
  'isabel isabella isabelle bella izzy',
  'jacob jake',
  'jacqueline jackie jacquie',
  'james jim jimmy jamie',
  'janet jan',
  'jeffrey geoffrey jeff geoff',
  'jennifer jen jenny jenn',
  'jeremy jerry',
  'jessica jess jessie',
  'joan joanie',
  'john jack johnny jon',
  'jonathan jon jonny nathan',
  'joseph joe joey',
  'josephine jo josie',
  'joshua josh',
  'judith judy',
  'julia julie',
  'katherine kate',
  'kenneth ken kenny',
  'kimberly kim kimmy',
  'lawrence laurence larry laurie',
  'leonard leo len lenny',
  'louis lou louie',
  'margaret maggie meg peggy marge margie greta',
  'martha marty mattie',
  'mary molly polly mae',
  'matthew matt matty',
  'megan meg',
  'melissa mel missy lissa',
  'michael mike mikey mick mickey',
  'michelle shelly',
  'nathan nate',
  'nathaniel nate nat',
  'nicholas nick nicky nico',
  'nicole nicky nikki',
  'pamela pam',
  'patricia pat patty tricia trish tish',
  'patrick pat paddy',
  'peter pete',
  'philip phillip phil',
  'rachel rae',
  'raymond ray',
  'rebecca becky becca',
  'richard rick ricky rich richie dick',
  'robert rob bob bobby robbie bert',
  'ronald ron ronnie',
  'rosa rose rosie',
  'russell russ',
  'samantha sam sammy',
  'samuel sam sammy',
  'sandra sandy',
  'sarah sara sally',
  'sophia sophie',
  'stephanie steph stephie',
  'stephen steven steve stevie',
  'susan sue susie suzy suzanne',
  'teresa theresa terry tess tessa',
  'theodore ted teddy theo',
  'thomas tom tommy',
  'timothy tim timmy',
  'victor vic',
  'victoria vicky vickie tori',
  'vincent vince vinny',
  'virginia ginny ginger',
  'walter walt wally',
  'william bill billy will willy liam',
  'zachary zach zack',
];

const familiesOf = new Map<string, number[]>();
FAMILIES.forEach((line, family) => {
  for (const name of line.split(' ')) {
    const list = familiesOf.get(name);
    if (list) list.push(family);
    else familiesOf.set(name, [family]);
  }
});

/** True when the two given names (lower case, letters only) are one name's forms: 'bill' / 'william'. */
export function sameGivenName(a: string, b: string): boolean {
  const fa = familiesOf.get(a);
  const fb = familiesOf.get(b);
  if (!fa || !fb) return false;
  for (const f of fa) if (fb.includes(f)) return true;
  return false;
}

/** Every key a name may meet another form of itself under (all of its families). */
export function givenNameKeys(name: string): string[] {
  const families = familiesOf.get(name);
  return families ? families.map((f) => `#${f}`) : [name];
}
