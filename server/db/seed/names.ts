/*
 * Name stock for the demo roster: common US given names and surnames of the generations that
 * fill lodges today, with the nicknames people actually go by. A few names carry apostrophes,
 * hyphens, spaces and accents so that search and display meet them.
 */

function words(text: string): readonly string[] {
  return text.trim().split(/\s+/);
}

export const MALE_FIRST_NAMES = words(`
  James John Robert Michael William David Richard Charles Joseph Thomas Christopher Daniel
  Paul Mark Donald George Kenneth Steven Edward Brian Ronald Anthony Kevin Jason Matthew Gary
  Timothy Jose Larry Jeffrey Frank Scott Eric Stephen Andrew Raymond Gregory Joshua Jerry
  Dennis Walter Patrick Peter Harold Douglas Henry Carl Arthur Ryan Roger Joe Juan Jack Albert
  Jonathan Justin Terry Gerald Keith Samuel Willie Ralph Lawrence Nicholas Roy Benjamin Bruce
  Brandon Adam Harry Fred Wayne Billy Steve Louis Jeremy Aaron Randy Howard Eugene Carlos
  Russell Bobby Victor Martin Ernest Phillip Todd Jesse Craig Alan Shawn Clarence Sean Philip
  Chris Johnny Earl Jimmy Antonio Danny Bryan Tony Luis Mike Stanley Leonard Nathan Dale Manuel
  Rodney Curtis Norman Allen Marvin Vincent Glenn Jeffery Travis Jeff Chad Jacob Lee Melvin
  Alfred Kyle Francis Bradley Jesus Herbert Frederick Ray Joel Edwin Don Eddie Ricky Troy
  Randall Barry Alexander Bernard Mario Leroy Francisco Marcus Micheal Theodore Clifford Miguel
  Oscar Jay Jim Tom Calvin Alex Jon Ronnie Bill Lloyd Tommy Leon Derek Warren Darrell Jerome
  Floyd Leo Alvin Tim Wesley Gordon Dean Greg Jorge Dustin Pedro Derrick Dan Lewis Zachary
  Corey Herman Maurice Vernon Roberto Clyde Glen Hector Shane Ricardo Sam Rick Lester Brent
  Ramon Charlie Tyler Gilbert Gene Marc Reginald Ruben Brett Angel Nathaniel Rafael Leslie
  Edgar Milton Raul Ben Chester Cecil Duane Franklin Andre Elmer Brad Gabriel Ron Mitchell
  Roland Arnold Harvey Jared Adrian Karl Cory Claude Erik Darryl Jamie Neil Jessie Christian
  Javier Fernando Clinton Ted Mathew Tyrone Darren Lonnie Lance Cody Julio Kelly Kurt Allan
  Nelson Guy Clayton Hugh Max Dwayne Dwight Armando Felix Jimmie Everett Jordan Ian Wallace Ken
  Bob Jaime Casey Alfredo Alberto Dave Ivan Johnnie Sidney Byron Julian Isaac Morris Clifton
  Willard Daryl Ross Virgil Andy Marshall Salvador Perry Kirk Sergio Marion Tracy Seth Kent
  Terrance Rene Eduardo Terrence Enrique Freddie Wade Malik DeShawn Tremaine Kwame Hiroshi
  Kenji Wei Raj Arjun Dmitri Stanislaw Giuseppe Sven Lars Olaf Bjorn
`);

export const FEMALE_FIRST_NAMES = words(`
  Mary Patricia Linda Barbara Elizabeth Jennifer Maria Susan Margaret Dorothy Lisa Nancy Karen
  Betty Helen Sandra Donna Carol Ruth Sharon Michelle Laura Sarah Kimberly Deborah Jessica
  Shirley Cynthia Angela Melissa Brenda Amy Anna Rebecca Virginia Kathleen Pamela Martha Debra
  Amanda Stephanie Carolyn Christine Marie Janet Catherine Frances Ann Joyce Diane Alice Julie
  Heather Teresa Doris Gloria Evelyn Jean Cheryl Mildred Katherine Joan Ashley Judith Rose
  Janice Kelly Nicole Judy Christina Kathy Theresa Beverly Denise Tammy Irene Jane Lori Rachel
  Marilyn Andrea Kathryn Louise Sara Anne Jacqueline Wanda Bonnie Julia Ruby Lois Tina Phyllis
  Norma Paula Diana Annie Lillian Emily Robin Peggy Crystal Gladys Rita Dawn Connie Florence
  Tracy Edna Tiffany Carmen Rosa Cindy Grace Wendy Victoria Edith Kim Sherry Sylvia Josephine
  Thelma Shannon Sheila Ethel Ellen Elaine Marjorie Carrie Charlotte Monica Esther Pauline Emma
  Juanita Anita Rhonda Hazel Amber Eva Debbie April Leslie Clara Lucille Jamie Joanne Eleanor
  Valerie Danielle Megan Alicia Suzanne Michele Gail Bertha Darlene Veronica Jill Erin
  Geraldine Lauren Cathy Joann Lorraine Lynn Sally Regina Erica Beatrice Dolores Bernice
  Audrey Yvonne Annette June Marion Dana Stacy Ana Renee Ida Vivian Roberta Holly Brittany
  Melanie Loretta Yolanda Jeanette Laurie Katie Kristen Vanessa Alma Sue Elsie Beth Jeanne
  Zoë Renée Mei Priya Aiko LaToya Keisha Ingrid
`);

export const LAST_NAMES = words(`
  Smith Johnson Williams Brown Jones Miller Davis Garcia Rodriguez Wilson Martinez Anderson
  Taylor Thomas Hernandez Moore Martin Jackson Thompson White Lopez Lee Gonzalez Harris Clark
  Lewis Robinson Walker Perez Hall Young Allen Sanchez Wright King Scott Green Baker Adams
  Nelson Hill Ramirez Campbell Mitchell Roberts Carter Phillips Evans Turner Torres Parker
  Collins Edwards Stewart Flores Morris Nguyen Murphy Rivera Cook Rogers Morgan Peterson Cooper
  Reed Bailey Bell Gomez Kelly Howard Ward Cox Diaz Richardson Wood Watson Brooks Bennett Gray
  James Reyes Cruz Hughes Price Myers Long Foster Sanders Ross Morales Powell Sullivan Russell
  Ortiz Jenkins Gutierrez Perry Butler Barnes Fisher Henderson Coleman Simmons Patterson Jordan
  Reynolds Hamilton Graham Kim Gonzales Alexander Ramos Wallace Griffin West Cole Hayes Chavez
  Gibson Bryant Ellis Stevens Murray Ford Marshall Owens McDonald Harrison Ruiz Kennedy Wells
  Alvarez Woods Mendoza Castillo Olson Webb Washington Tucker Freeman Burns Henry Vasquez Snyder
  Simpson Crawford Jimenez Porter Mason Shaw Gordon Wagner Hunter Romero Hicks Dixon Hunt Palmer
  Robertson Black Holmes Stone Meyer Boyd Mills Warren Fox Rose Rice Moreno Schmidt Patel
  Ferguson Nichols Herrera Medina Ryan Fernandez Weaver Daniels Stephens Gardner Payne Kelley
  Dunn Pierce Arnold Tran Spencer Peters Hawkins Grant Hansen Castro Hoffman Hart Elliott Cunningham
  Knight Bradley Carroll Hudson Duncan Armstrong Berry Andrews Johnston Ray Lane Riley Carpenter
  Perkins Aguilar Silva Richards Willis Matthews Chapman Lawrence Garza Vargas Watkins Wheeler
  Larson Carlson Harper George Greene Burke Guzman Morrison Munoz Jacobs Lawson Franklin
  Lynch Bishop Carr Salazar Austin Mendez Gilbert Jensen Williamson Montgomery Harvey Oliver
  Howell Dean Hanson Weber Garrett Sims Burton Fuller Soto McCoy Welch Chen Schultz Walters
  Reid Fields Walsh Little Fowler Bowman Davidson May Day Schneider Newman Brewer Lucas Holland
  Wong Banks Santos Curtis Pearson Delgado Valdez Pena Rios Douglas Sandoval Barrett Hopkins
  Keller Guerrero Stanley Bates Alvarado Beck Ortega Wade Estrada Contreras Barnett Caldwell
  Santiago Lambert Powers Chambers Nunez Craig Leonard Lowe Rhodes Byrd Gregory Shelton Frazier
  Becker Maldonado Fleming Vega Sutton Cohen Jennings Parks McDaniel Watts Barker Norris Vaughn
  Vazquez Holt Schwartz Steele Benson Neal Dominguez Horton Terry Wolfe Hale Lyons Graves
  Haynes Miles Park Warner Padilla Bush Thornton McCarthy Mann Zimmerman Erickson Fletcher
  McKinney Page Dawson Joseph Marquez Reeves Klein Espinoza Baldwin Moran Love Robbins Higgins
  Ball Cortez Le Griffith Bowen Sharp Cummings Ramsey Hardy Swanson Barber Acosta Luna Chandler
  Blair Daniel Cross Simon Dennis Quinn Gross Navarro Moss Fitzgerald Doyle McLaughlin
  Rojas Rodgers Stevenson Singh Yang Figueroa Harmon Newton Paul Manning Garner McGee Reese
  Francis Burgess Adkins Goodman Curry Brady Christensen Potter Walton Goodwin Mullins Molina
  Webster Fischer Campos Avila Sherman Todd Chang Blake Malone Wolf Hodges Juarez Gill Farmer
  Hines Gallagher Duran Hubbard Cannon Miranda Wang Saunders Tate Mack Hammond Carrillo Townsend
  Wise Ingram Barton Mejia Ayala Schroeder Hampton Rowe Parsons Frank Waters Strickland Osborne
  Maxwell Chan Deleon Norman Harrington Casey Patton Logan Bowers Mueller Glover Floyd Hartman
  Buchanan Cobb French Kramer McCormick Clarke Tyler Gibbs Moody Conner Sparks McGuire Leon
  Bauer Norton Pope Flynn Hogan Robles Salinas Yates Lindsey Lloyd Marsh McBride Owen Solis
  Pham Lang Pratt Lara Brock Ballard Trujillo Shaffer Drake Roman Aguirre Morton Stokes Lamb
  Pacheco Patrick Cochran Shepherd Cain Burnett Hess Li Cervantes Olsen Briggs Ochoa Cabrera
  Velasquez Montoya Roth Meyers Cardenas Fuentes Weiss Hoover Wilkins Nicholson Underwood Short
  Carson Morrow Colon Holloway Summers Bryan Petersen McKenzie Serrano Wilcox Carey Clayton
  Poole Calderon Gallegos Greer Rivas Guerra Decker Collier Wall Whitaker Bass Flowers Davenport
  Conley Houston Huff Copeland Hood Monroe Massey Roberson Combs Franco Larsen Pittman Randall
  Skinner Wilkinson Kirby Cameron Bridges Anthony Richard Kirk Bruce Singleton Mathis Bradford
  Boone Abbott Charles Allison Sweeney Atkinson Horn Jefferson Rosales York Christian Phelps
  Farrell Castaneda Nash Dickerson Bond Wyatt Foley Chase Gates Vincent Mathews Hodge Garrison
  Trevino Villarreal Heath Dalton Valencia Callahan Hensley Atkins Huffman Roy Boyer Shields Lin
  Hancock Grimes Glenn Cline Delacruz Camacho Dillon Parrish Melton Booth Kane Berg
  Harrell Pitts Savage Wiggins Brennan Salas Marks Russo Sawyer Baxter Golden Hutchinson Liu
  Walter McDowell Wiley Rich Humphrey Johns Koch Suarez Hobbs Beard Gilmore Ibarra Keith Macias
  Khan Andrade Ware Stephenson Henson Wilkerson Dyer McClure Blackwell Mercado Tanner Eaton
  Clay Barron Beasley Small Preston Wu Zamora Macdonald Vance Snow McClain Stafford
  Orozco Barry English Shannon Kline Jacobson Woodard Huang Kemp Mosley Prince Merritt Hurst
  Villanueva Roach Nolan Lam Yoder McCullough Lester Santana Valenzuela Winters Barrera Orr
  Leach Berger McKee Strong Conway Stein Whitehead Bullock Escobar Knox Meadows Solomon Velez
  Kerr Stout Blankenship Browning Kent Lozano Bartlett Pruitt Buck Barr Gaines Durham
  Gentry McIntyre Sloan Rocha Melendez Herman Sexton Moon Hendricks Rangel Stark Lowery Hardin
  Hull Sellers Ellison Calhoun Gillespie Mora Knapp McCall Morse Dorsey Weeks Nielsen Livingston
  Leblanc McLean Bradshaw Glass Middleton Buckley Schaefer Frost Howe House McIntosh Ho Pennington
  Reilly Hebert McFarland Hickman Noble Spears Conrad Arias Galvan Velazquez Huynh Frederick
  Randolph Cantu Fitzpatrick Mahoney Peck Villa Michael Donovan McConnell Walls Boyle Mayer
  Zuniga Giles Pineda Pace Hurley Mays McMillan Crosby Ayers Case Bentley Shepard Everett Pugh
  David McMahon Dunlap Bender Hahn Harding Acevedo Raymond Blackburn Duffy Landry Dougherty
  Bautista Shah Potts Arroyo Valentine Meza Gould Vaughan Fry Rush Avery Herring Dodson Clements
  Sampson Tapia Bean Lynn Crane Farley Cisneros Benton Ashley McKay Finley Best Blevins Friedman
  Moses Sosa Blanchard Huber Frye Krueger Bernard Rosario Rubio Mullen Benjamin Haley Chung
  Moyer Choi Horne Yu Woodward Ali Nixon Hayden Rivers Estes McCarty Richmond Stuart Maynard
  Brandt Hanna Sanford Sheppard Church Burch Levy Rasmussen Coffey Ponce Faulkner
  Donaldson Schmitt Novak Costa Montes Booker Cordova Waller Arellano Maddox Mata Bonilla
  Stanton Compton Kaufman Dudley McPherson Beltran Dickson McCann Villegas Proctor Hester
  Cantrell Daugherty Cherry Bray Davila Rowland Levine Madden Spence Good Irwin Werner Krause
  Petty Whitney Baird Hooper Pollard Zavala Jarvis Holden Haas Hendrix McGrath Bird Lucero
  Terrell Riggs Joyce Mercer Rollins Galloway Duke Odom Andersen Downs Hatfield Benitez Archer
  Huerta Travis McNeil Hinton Zhang Hays Mayo Fritz Branch Mooney Ewing Ritter Esparza Frey
  Braun Gay Riddle Haney Kaiser Holder Chaney McKnight Gamble Vang Cooley Carney Cowan Forbes
  Ferrell Davies Barajas Shea Osborn Bright Cuevas Bolton Murillo Lutz Duarte Kidd Key Cooke
  Whitfield Kowalski Nowak Lewandowski Wojcik Kaminski Schultz Yamamoto Tanaka Nakamura Okafor
  Adeyemi Mensah Gupta Sharma Iyer Rossi Esposito Bianchi Romano Colombo Ricci Marino Greco
  Bruno Gallo Conti DeLuca Mancini Costa Giordano Rizzo Lombardi Moretti Lindqvist Johansson
  Eriksson Larsson Nilsson Olsson Persson Svensson Gustafsson
`);

/**
 * Surnames that need care when stored and searched: the generator swaps a few common ones for
 * these. (The plain list above keeps apostrophes out so the common case is the common case.)
 */
export const DIFFICULT_LAST_NAMES: readonly string[] = [
  "O'Brien",
  "O'Connor",
  "O'Neill",
  'McAllister',
  'MacGregor',
  "D'Angelo",
  'St. Pierre',
  'Van Buren',
  'De La Cruz',
  'García',
  'Muñoz',
  'Peña',
  'Núñez',
  'Dvořák',
  'Smith-Jones',
  'Fitz-Simmons',
];

/** Given name → the name people use. */
export const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  William: ['Bill', 'Will', 'Billy'],
  Robert: ['Bob', 'Rob', 'Bobby'],
  Richard: ['Rick', 'Dick', 'Rich'],
  James: ['Jim', 'Jimmy', 'Jamie'],
  John: ['Jack', 'Johnny'],
  Thomas: ['Tom', 'Tommy'],
  Charles: ['Chuck', 'Charlie'],
  Edward: ['Ed', 'Eddie', 'Ted'],
  Joseph: ['Joe', 'Joey'],
  Michael: ['Mike', 'Mickey'],
  Christopher: ['Chris', 'Kit'],
  Daniel: ['Dan', 'Danny'],
  Donald: ['Don', 'Donnie'],
  Kenneth: ['Ken', 'Kenny'],
  Steven: ['Steve'],
  Stephen: ['Steve'],
  Anthony: ['Tony'],
  Matthew: ['Matt'],
  Timothy: ['Tim'],
  Lawrence: ['Larry'],
  Gerald: ['Jerry'],
  Gregory: ['Greg'],
  Douglas: ['Doug'],
  Harold: ['Hal', 'Harry'],
  Henry: ['Hank'],
  Frederick: ['Fred', 'Freddie'],
  Theodore: ['Ted', 'Teddy'],
  Raymond: ['Ray'],
  Nicholas: ['Nick'],
  Samuel: ['Sam'],
  Benjamin: ['Ben'],
  Alexander: ['Alex', 'Sandy'],
  Francis: ['Frank'],
  Leonard: ['Len', 'Lenny'],
  Eugene: ['Gene'],
  Patricia: ['Pat', 'Patty', 'Trish'],
  Elizabeth: ['Liz', 'Beth', 'Betsy'],
  Margaret: ['Peggy', 'Maggie', 'Marge'],
  Jennifer: ['Jenny', 'Jen'],
  Katherine: ['Kate', 'Kathy'],
  Kathleen: ['Kathy', 'Kate'],
  Deborah: ['Debbie', 'Deb'],
  Susan: ['Sue', 'Suzy'],
  Barbara: ['Barb'],
  Dorothy: ['Dottie', 'Dot'],
  Rebecca: ['Becky'],
  Virginia: ['Ginny'],
  Christine: ['Chris', 'Tina'],
  Victoria: ['Vicki', 'Tori'],
  Josephine: ['Jo', 'Josie'],
  Jacqueline: ['Jackie'],
  Pamela: ['Pam'],
  Cynthia: ['Cindy'],
};

export const SUFFIXES: readonly (readonly [string, number])[] = [
  ['Jr.', 6],
  ['Sr.', 3],
  ['II', 1],
  ['III', 1.5],
  ['IV', 0.3],
];
