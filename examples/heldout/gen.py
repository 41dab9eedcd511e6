"""Generate four held-out check sources (movie detail, university detail,
restaurant list, NBA roster list) for ObjectRunner, outside the repository.

usage: python3 examples/heldout/gen.py [GAZETTEERS_DIR] OUT_DIR

GAZETTEERS_DIR defaults to ../shared/data/gazetteers. About 30% of the names
on the pages are drawn from those gazetteers and the word lists are copied
into OUT_DIR/<source>/dictionaries, so OUT_DIR must be outside this
repository (shared data is never committed). Deterministic (fixed seed).
See examples/heldout/README.md.
"""
import random, json, os, re, shutil, html, sys
R = random.Random(20261122)
if len(sys.argv) not in (2, 3):
    sys.exit(__doc__)
G = sys.argv[1] if len(sys.argv) == 3 else '../shared/data/gazetteers'
OUT = sys.argv[-1]
def load(p): return [l.strip() for l in open(f'{G}/{p}', encoding='utf-8', errors='replace') if l.strip()]
def clean(lst, pat=r"^[A-Z][A-Za-z .'&-]{3,40}$"):
    return [x for x in lst if re.match(pat, x) and '&amp;' not in x]
def esc(s): return html.escape(s, quote=False)
FIRST = "Aldo Beatriz Casimir Dagny Eamon Faustine Gideon Hollis Ines Jarrah Kasimir Leocadia Marit Nestor Oriane Pascal Quilla Rasmus Solveig Thaddeus Ulla Vesna Wendell Xiomara Yusuf Zelda Anouk Bram Corin Delphine Emrys Fintan Greer Halvard Isolde Joaquim".split()
LAST = "Ashgrove Bellwether Castellane Dunmore Everhart Fairbanks Galloway Hargreave Isherwood Jessop Kilbride Lindqvist Marchetti Nakashima Okonkwo Pemberton Quintero Ravensworth Sorensen Tremaine Underhill Valdez Whitcombe Yardley Zabrowski Abernathy Brightwater Corcoran Delacroix Esterhazy".split()
def person(): return f"{R.choice(FIRST)} {R.choice(LAST)}"
def mix(gaz, inv, p=0.3): return R.choice(gaz) if R.random() < p else inv()
STREETS = "Maple Avenue|Oak Street|Harbor Blvd|W 14th St|Elm St|Lakeshore Drive|Sunset Blvd|Main Street|Pine St|Market Street|Valencia St|Broadway".split('|')
CITIES = [("Portland","OR","972"),("Austin","TX","787"),("Chicago","IL","606"),("Denver","CO","802"),("Seattle","WA","981"),("Boston","MA","021"),("Madison","WI","537"),("Raleigh","NC","276")]
def addr():
    c = R.choice(CITIES); return f"{R.randint(10,9899)} {R.choice(STREETS)}", f"{c[0]}, {c[1]} {c[2]}{R.randint(10,99)}"
def phone():
    a,b,c = R.randint(201,989), R.randint(201,989), R.randint(1000,9999)
    return R.choice([f"({a}) {b}-{c}", f"{a}-{b}-{c}", f"{a}.{b}.{c}"])
MONTHS = "January February March April May June July August September October November December".split()
def ws(): return R.choice(["", " ", "\n  ", "\n\t\t", "  "])
def write(name, pages, exp, sod, dicts):
    d = f'{OUT}/{name}'; shutil.rmtree(d, ignore_errors=True); os.makedirs(f'{d}/pages'); os.makedirs(f'{d}/dictionaries')
    for i,p in enumerate(pages): open(f'{d}/pages/{i:04d}.html','w').write(p)
    with open(f'{d}/expected.jsonl','w') as f:
        for i,objs in enumerate(exp):
            for j,o in enumerate(objs): f.write(json.dumps({"page":f"{i:04d}.html","index":j,"object":o}, ensure_ascii=False)+"\n")
    open(f'{d}/sod.toml','w').write(sod)
    for cls,src in dicts.items(): shutil.copy(f'{G}/{src}', f'{d}/dictionaries/{cls}.txt')

HEAD = lambda title, site: f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{esc(title)} - {site}</title>
<meta name="description" content="{esc(title)} on {site}">
<script type="text/javascript">var _q=_q||[];_q.push(['page','{esc(title).replace("'","")}']);(function(){{var s=document.createElement('script');s.src='//stats.{site.lower()}.test/q.js';}})();</script>
<link rel="stylesheet" href="/css/main.css?v=3"></head>
"""
# ---------------- movie-detail
def movies():
    T = clean(load('movie/title.txt')); D = clean(load('movie/director.txt'))
    GEN = ["Drama","Comedy","Thriller","Horror","Animation","Documentary","Fantasy","Musical","Science fiction","Romance","Crime","Mystery","Adventure","War"]
    MP = ["G","PG","PG-13","R","NC-17","Unrated"]
    W1 = "Silent Lantern Crimson Winter Harbor Glass Forgotten Last Iron Paper Burning Velvet Midnight Hollow Northern Broken".split()
    W2 = "Orchard Tide Republic Letters Cartographer Season Garden Kingdom Satellite Verdict Frontier Heist Lullaby Reckoning".split()
    def inv_title():
        return R.choice([f"The {R.choice(W1)} {R.choice(W2)}", f"{R.choice(W1)} {R.choice(W2)}", f"{R.choice(W2)} of the {R.choice(W1)} {R.choice(W2)}", f"{R.choice(W1)} {R.choice(W2)}: Part {R.choice(['II','III','Two'])}"])
    pages, exp = [], []
    for i in range(60):
        title = mix(T, inv_title); year = R.randint(1962, 2019)
        dirs = [mix(D, person) for _ in range(R.choice([1,1,1,2,2,3]))]
        gens = R.sample(GEN, R.choice([1,2,2,3]))
        mp = R.choice(MP) if R.random() < 0.75 else None
        rd = f"{R.randint(1,28)} {R.choice(MONTHS)} {year}" if R.random() < 0.8 else None
        cast = [person() for _ in range(R.randint(3,8))]
        similar = [(mix(T, inv_title), mix(D, person)) for _ in range(4)]
        runtime = f"{R.randint(80,175)} min"
        o = {"title": title, "director": dirs, "genre": gens}
        if mp: o["mpaa"] = mp
        if rd: o["release_date"] = rd
        exp.append([o])
        h = HEAD(f"{title} ({year})", "ReelBase")
        h += f"""<body class="title-page">
<div id="wrapper"><div id="nb_header"><a href="/" class="logo">ReelBase</a>
<form action="/find"><input name="q" placeholder="Find movies, TV shows, celebrities"><select><option>All</option><option>Titles</option><option>Names</option></select><button>Go</button></form>
<ul class="nav"><li><a href="/chart/top">Top 250</a></li><li><a href="/showtimes">Showtimes</a></li><li><a href="/news">News</a></li><li><a href="/register">Sign in</a></li></ul></div>
<div id="pagecontent"><div id="maincol">
<div class="title-overview"><table id="title-overview-widget-layout"><tr><td rowspan="2" id="img_primary"><a href="/media/rb{i:05d}"><img src="/posters/{i:05d}.jpg" alt="{esc(title)} Poster" width="182"></a></td>
<td id="overview-top">
<h1 class="header" itemprop="name">{esc(title)}{ws()}<span class="nobr">(<a href="/year/{year}/">{year}</a>)</span></h1>
<div class="infobar">{f'<span class="rating-cert" itemprop="contentRating">{esc(mp)}</span>&nbsp;&nbsp;' if mp and R.random()<0.0 else ''}<time itemprop="duration">{runtime}</time>&nbsp;&nbsp;-&nbsp;&nbsp;"""
        h += ' | '.join(f'<a href="/genre/{g.replace(" ","_")}" itemprop="genre">{esc(g)}</a>' for g in gens)
        h += f"""&nbsp;&nbsp;-&nbsp;&nbsp;{f'<a href="/title/rb{i:05d}/releaseinfo" title="See all release dates">{rd} <meta itemprop="datePublished" content="{year}">(USA)</a>' if rd else ''}</div>
<div class="star-box"><div class="star-box-giga-star"> {R.randint(20,95)/10} </div><span>Ratings: <b>{R.randint(2,99)/10}</b>/10 from <a href="ratings">{R.randint(100,99999):,} users</a></span></div>
<p itemprop="description">{esc(R.choice(cast))} stars in this story of {R.choice(['loss','ambition','revenge','friendship'])} &amp; {R.choice(['redemption','the sea','the city','a family secret'])}.</p>
<div class="txt-block"><h4 class="inline">Director{'s' if len(dirs)>1 else ''}:</h4>{ws()}"""
        h += ', '.join(f'<a href="/name/nm{R.randint(1000,9999)}/" itemprop="director">{esc(d)}</a>' for d in dirs)
        h += f"""{ws()}</div>
<div class="txt-block"><h4 class="inline">Stars:</h4> """ + ', '.join(f'<a href="/name/nm{R.randint(1000,9999)}/" itemprop="actors">{esc(c)}</a>' for c in cast[:3]) + """ | <a href="fullcredits">See full cast and crew</a></div>
</td></tr></table></div>
<div class="article" id="titleCast"><h2>Cast</h2><table class="cast_list"><tr><td colspan="4" class="castlist_label">Cast overview, first billed only:</td></tr>
"""
        for k,c in enumerate(cast):
            h += f'<tr class="{"odd" if k%2 else "even"}"><td class="primary_photo"><img src="/i/nopic.png" alt="{esc(c)}"></td><td itemprop="actor"><a href="/name/nm{R.randint(1000,9999)}/"><span itemprop="name">{esc(c)}</span></a></td><td class="ellipsis"> ... </td><td class="character"><div>{esc(person())}</div></td></tr>\n'
        h += f"""</table></div>
<div class="article" id="titleDetails"><h2>Details</h2>
<div class="txt-block"><h4 class="inline">Country:</h4> <a href="/country/us">USA</a></div>
<div class="txt-block"><h4 class="inline">Language:</h4> <a href="/language/en">English</a></div>
"""
        if rd: h += f'<div class="txt-block"><h4 class="inline">Release Date:</h4> {rd} (USA) <span class="see-more inline"><a href="releaseinfo">See more</a>&nbsp;&raquo;</span></div>\n'
        h += f'<div class="txt-block"><h4 class="inline">Runtime:</h4> <time itemprop="duration">{runtime}</time></div>\n'
        if mp: h += f'<div class="txt-block"><h4 class="inline">Motion Picture Rating</h4> (<a href="/mpaa">MPAA</a>)<br>{ws()}<span itemprop="contentRating">Rated {esc(mp)}</span> for {R.choice(["some violence","language","thematic elements","brief nudity","sci-fi action"])}</div>\n'
        h += """</div></div>
<div id="sidebar"><div class="aux-content-widget-2"><h3>People who liked this also liked...</h3><ul class="rec">
"""
        for st, sd in similar:
            h += f'<li><a href="/title/rb{R.randint(1,99999):05d}/"><b>{esc(st)}</b></a> ({R.randint(1960,2019)})<br><span class="dir">Dir: {esc(sd)}</span></li>\n'
        h += f"""</ul></div>
<div class="aux-content-widget-2"><h3>Top genres</h3><a href="/genre/Drama">Drama</a> &middot; <a href="/genre/Comedy">Comedy</a> &middot; <a href="/genre/Horror">Horror</a></div></div>
</div>
<div id="footer"><p>Copyright &copy; 1990-2013 ReelBase.test, Inc. <a href="/conditions">Conditions of Use</a> | <a href="/privacy">Privacy Policy</a></p></div></div>
<script>if(window.rb){{rb.init({{tconst:'rb{i:05d}'}});}}</script></body></html>
"""
        pages.append(h)
    sod = '''name = "movie"
object = "movie"
objects = "1"

[tuple.movie]
title = "1"
director = "+"
genre = "+"
mpaa = "?"
release_date = "?"

[entity.title]
dictionary = "title"
whole_node = true

[entity.director]
dictionary = "director"

[entity.genre]
dictionary = "genre"

[entity.mpaa]
dictionary = "mpaa"

[entity.release_date]
predefined = "date"
'''
    write('movie-detail', pages, exp, sod, {"title":"movie/title.txt","director":"movie/director.txt","genre":"movie/genre.txt","mpaa":"movie/mpaa.txt"})

# ---------------- university-detail
def unis():
    N = clean(load('university/name.txt'), r"^[A-Z][A-Za-z ,'&-]{5,60}$")
    PL = "Ashford Brennan Coldwater Dunmore Eastvale Fairhaven Glenrock Harrowgate Ironbridge Juniper Kestrel Lakemont Millbrook Northgate".split()
    def inv(): return R.choice([f"University of {R.choice(PL)}", f"{R.choice(PL)} State University", f"{R.choice(PL)} College of Arts and Sciences", f"{R.choice(LAST)} Institute of Technology"])
    pages, exp = [], []
    for i in range(60):
        name = mix(N, inv); slug = re.sub(r'[^a-z]','', name.lower())[:14]
        ph = phone(); web = R.choice([f"http://www.{slug}.edu", f"https://{slug}.edu/", f"www.{slug}.ac.uk"])
        a1, a2 = addr(); has_addr = R.random() < 0.7
        nearby = [mix(N, inv) for _ in range(5)]
        o = {"name": name, "phone": ph, "website": web}
        if has_addr: o["address"] = f"{a1}, {a2}"
        exp.append([o])
        h = HEAD(name, "CampusFinder")
        h += f"""<body>
<header class="site-header"><nav class="navbar"><a class="brand" href="/">Campus<strong>Finder</strong></a>
<ul><li><a href="/search">Find a school</a></li><li><a href="/rankings">Rankings</a></li><li><a href="/scholarships">Scholarships</a></li><li class="cta"><a href="/compare">Compare (0)</a></li></ul></nav>
<ol class="breadcrumb"><li><a href="/">Home</a></li><li><a href="/colleges">Colleges</a></li><li class="active">{esc(name)}</li></ol></header>
<main class="container"><div class="row"><section class="col-md-8 profile">
<div class="profile-head"><img class="seal" src="/seals/{i}.png" alt="seal">
<h1 class="school-name">{esc(name)}</h1>
<p class="tagline">{R.choice(['Private','Public'])}, {R.choice(['four-year','two-year'])} &bull; {R.choice(['Urban','Suburban','Rural'])} campus &bull; Founded {R.randint(1790,1990)}</p></div>
<ul class="nav-tabs"><li class="active"><a href="#overview">Overview</a></li><li><a href="#admissions">Admissions</a></li><li><a href="#cost">Cost</a></li></ul>
<div id="overview"><h2>At a glance</h2>
<dl class="facts">
  <dt>Enrollment</dt><dd>{R.randint(800,45000):,} students</dd>
  <dt>Acceptance rate</dt><dd>{R.randint(5,95)}%</dd>
  <dt>Tuition (in-state)</dt><dd>${R.randint(4000,58000):,}</dd>
</dl>
<h2>Contact information</h2>
<table class="contact"><tbody>
"""
        rows = []
        if has_addr: rows.append(f'<tr><th scope="row">Address</th><td>{esc(a1)}<br>\n{esc(a2)}</td></tr>')
        rows.append(f'<tr><th scope="row">Phone</th><td><a href="tel:{re.sub(r"[^0-9]","",ph)}">{ph}</a></td></tr>')
        rows.append(f'<tr><th scope="row">Website</th><td><a href="{web if web.startswith("http") else "http://"+web}" rel="nofollow" target="_blank">{web}</a>{ws()}</td></tr>')
        h += '\n'.join(rows)
        h += f"""
</tbody></table>
<p class="note">Admissions office: <a href="mailto:admissions@{slug}.edu">admissions@{slug}.edu</a>. Financial aid hotline 1-800-{R.randint(200,999)}-{R.randint(1000,9999)}.</p>
</div></section>
<aside class="col-md-4"><div class="widget"><h3>Similar schools</h3><ul>
"""
        for n in nearby: h += f'<li><a href="/c/{R.randint(100,9999)}">{esc(n)}</a><small>{R.choice(CITIES)[0]}</small></li>\n'
        h += f"""</ul></div><div class="widget ad"><h3>Sponsored</h3><p>Earn your degree online at <a href="/ad">{esc(inv())}</a>. Call (800) 555-{R.randint(1000,9999)}</p></div></aside></div></main>
<footer><p>CampusFinder &copy; 2014 &middot; 100 Main Street, Springfield, IL 62701 &middot; <a href="/about">About</a> &middot; <a href="/contact">Contact</a></p></footer>
<script src="/js/app.js"></script></body></html>
"""
        pages.append(h)
    sod = '''name = "university"
object = "university"
objects = "1"

[tuple.university]
name = "1"
phone = "1"
website = "1"
address = "?"

[entity.name]
dictionary = "name"

[entity.phone]
predefined = "phone"

[entity.website]
predefined = "url"

[entity.address]
predefined = "address"
'''
    write('university-detail', pages, exp, sod, {"name":"university/name.txt"})

# ---------------- restaurant-list
def rests():
    N = clean(load('restaurant/name.txt'))
    CU = ["Italian","Pizza","Sushi","Japanese","Mexican","Chinese","Thai","Seafood","Steakhouse","Barbecue","French","Vegan","Burgers","Vietnamese","Indian","Tapas"]
    A = "Golden Blue Little Rustic Copper Saffron Olive Smoky Lucky Wild Twin Red".split(); B = "Spoon Lantern Fig Table Kitchen Bistro Goat Pearl Dragon Oven Taqueria Grill".split()
    def inv(): return R.choice([f"The {R.choice(A)} {R.choice(B)}", f"{R.choice(A)} {R.choice(B)}", f"{R.choice(LAST)}'s {R.choice(B)}", f"Casa {R.choice(LAST)}"])
    pages, exp = [], []
    for i in range(30):
        n = R.choice([0,1,3,5,7,8,10,10,12,12,12,4,6,9,11,2])
        city = R.choice(CITIES)
        recs, objs = [], []
        for k in range(n):
            name = mix(N, inv); cu = R.sample(CU, R.choice([1,2,2,3]))
            c = R.choice([x for x in CITIES if x[0]==city[0]])
            a1 = f"{R.randint(10,9899)} {R.choice(STREETS)}"; a2 = f"{c[0]}, {c[1]} {c[2]}{R.randint(10,99)}"
            ph = phone() if R.random() < 0.8 else None
            o = {"name": name, "cuisine": cu, "address": f"{a1}, {a2}"}
            if ph: o["phone"] = ph
            objs.append(o)
            r = f"""<li class="regular-search-result"><div class="biz-listing-large">
  <div class="main-attributes"><div class="media-avatar"><img class="photo-box-img" src="/bphoto/{R.randint(1,99999)}.jpg" alt="{esc(name)}" height="90"></div>
  <div class="media-story"><h3 class="search-result-title"><span class="indexed-biz-name">{k+1+(i%3)*10}.&nbsp;<a class="biz-name" href="/biz/{re.sub(r'[^a-z]','-',name.lower())}"><span>{esc(name)}</span></a></span></h3>
  <div class="biz-rating"><i class="star-img stars_{R.randint(1,5)}" title="{R.randint(1,5)}.0 star rating"></i> <span class="review-count">{R.randint(1,900)} reviews</span></div>
  <div class="price-category"><span class="business-attribute price-range">{'$'*R.randint(1,4)}</span>{ws()}<span class="category-str-list">
    {(','+ws()).join(f'<a href="/c/{x.lower()}">{esc(x)}</a>' for x in cu)}
  </span></div></div></div>
  <div class="secondary-attributes"><span class="neighborhood-str-list">{R.choice(['Downtown','Eastside','Old Town','Riverside','Midtown'])}</span>
  <address>{esc(a1)}<br>{esc(a2)}</address>
  {f'<span class="biz-phone">{ph}</span>' if ph else ''}</div>
  <div class="snippet-block"><p class="snippet">&ldquo;{R.choice(['Best','Loved the','Great','Solid'])} {R.choice(['brunch','tacos','noodles','service','wine list'])}&hellip;&rdquo; <a href="#">read more</a></p></div>
</div></li>"""
            recs.append(r)
        exp.append(objs)
        h = HEAD(f"Best {city[0]} restaurants", "Munchly")
        h += f"""<body id="yelp_main_body">
<div id="topbar"><a id="logo" href="/">Munchly</a><form id="header_find_form"><label>Find</label><input value="restaurants"><label>Near</label><input value="{city[0]}, {city[1]}"><button>Search</button></form>
<ul class="header-nav"><li><a href="/writeareview">Write a Review</a></li><li><a href="/events">Events</a></li><li><a href="/login">Log In</a></li></ul></div>
<div class="content-container"><div class="search-header"><h1>Best Restaurants near {city[0]}, {city[1]}</h1>
<p class="pagination-results-window">Showing {1+(i%3)*10 if n else 0}-{(i%3)*10+n} of {R.randint(n, 900)}</p></div>
<div class="filters"><ul><li><a href="#">Open Now</a></li><li><a href="#">$$</a></li><li><a href="#">Delivery</a></li><li><a href="#">Cuisine &#9662;</a><ul class="dd"><li>Italian</li><li>Mexican</li><li>Thai</li><li>Sushi</li></ul></li></ul></div>
<div class="column column-alpha">
"""
        if n:
            h += '<ul class="ylist ylist-bordered search-results">\n' + '\n'.join(recs) + '\n</ul>\n'
        else:
            h += '<div class="no-results"><h2>No Results for restaurants</h2><p>Suggestions for improving the results: Try a larger search area.</p></div>\n'
        h += f"""<div class="pagination-links"><a href="?start=0">1</a> <a href="?start=10">2</a> <a href="?start=20">Next &rsaquo;</a></div></div>
<div class="column column-beta"><div class="ysection"><h3>Recently Viewed</h3><ul>
"""
        for _ in range(3): h += f'<li><a href="/biz/x{R.randint(1,999)}">{esc(mix(N, inv))}</a><br><small>{R.choice(CU)}</small></li>\n'
        h += f"""</ul></div><div class="ysection"><h3>Munchly for Business</h3><p>Own a restaurant? Call us at (415) 555-0100.</p></div></div></div>
<div id="footer"><p>Munchly, 140 New Montgomery St, San Francisco, CA 94105</p><p>Copyright &copy; 2004&ndash;2013 Munchly Inc.</p></div>
<script>window.munchly={{searchId:'{R.randint(10**8,10**9)}',results:{n}}};</script></body></html>
"""
        pages.append(h)
    sod = '''name = "restaurant"
object = "restaurant"
objects = "*"

[tuple.restaurant]
name = "1"
cuisine = "+"
address = "1"
phone = "?"

[entity.name]
dictionary = "name"

[entity.cuisine]
dictionary = "cuisine"

[entity.address]
predefined = "address"

[entity.phone]
predefined = "phone"
'''
    write('restaurant-list', pages, exp, sod, {"name":"restaurant/name.txt","cuisine":"restaurant/cuisine.txt"})

# ---------------- nba-list
def nba():
    N = [x for x in load('nbaplayer/name.txt') if re.match(r"^[A-Z][a-z]+ [A-Z][a-zA-Z'-]+$", x)]
    REAL = ["Miami Heat","Utah Jazz","Boston Celtics","Chicago Bulls","Denver Nuggets","Los Angeles Lakers"]
    INV = ["Portland Pioneers","Omaha Stormchasers","Tulsa Roughriders","Hartford Whalers","Albany Admirals","Spokane Sasquatch","Reno Aces","Boise Bighorns","Fresno Firebirds","Anchorage Auroras","Memphis Riverkings","Tacoma Tide","Richmond Rebels","El Paso Coyotes","Savannah Sharks","Duluth Huskies","Wichita Wind","Lubbock Longhorns","Newark Knights","Buffalo Blizzard","Akron Alley Cats","Biloxi Breakers","Laredo Lancers","Provo Peaks"]
    teams = REAL[:] + R.sample(INV, 24); R.shuffle(teams)
    POS = ["PG","SG","SF","PF","C","G","F"]
    COL = ["Duke","Kentucky","UCLA","Kansas","—","Michigan State","Gonzaga","Villanova","Arizona"]
    pages, exp = [], []
    for i in range(30):
        team = teams[i]; n = R.randint(5,15); objs = []; rows = []
        for k in range(n):
            name = mix(N, person); pos = R.choice(POS); ht = f"{R.choice([6,6,6,7,5])}-{R.randint(0,11)}" if R.random() < 0.85 else None
            o = {"name": name, "team": team, "position": pos}
            if ht: o["height"] = ht
            objs.append(o)
            rows.append(f'<tr class="{"oddrow" if k%2 else "evenrow"} player-46-{R.randint(1000,9999)}"><td>{R.randint(0,55)}</td><td><a href="/nba/player/_/id/{R.randint(100,9999)}">{esc(name)}</a></td><td>{pos}</td><td>{R.randint(19,38)}</td><td>{ht if ht else "&nbsp;"}</td><td>{R.randint(170,290)}</td><td>{R.choice(COL)}</td><td>${R.randint(500000,25000000):,}</td></tr>')
        exp.append(objs)
        other = R.sample([t for t in teams if t != team], 6)
        h = HEAD(f"{team} Roster", "HoopsCentral")
        h += f"""<body class="nba roster">
<div id="global-nav"><ul><li><a href="/">HoopsCentral</a></li><li><a href="/nfl">NFL</a></li><li class="active"><a href="/nba">NBA</a></li><li><a href="/mlb">MLB</a></li><li><a href="/ncb">NCAAM</a></li></ul></div>
<div id="content"><div class="team-nav"><select onchange="location=this.value"><option>Select a team</option>{''.join(f'<option value="/t/{j}">{esc(t)}</option>' for j,t in enumerate(other))}</select></div>
<div class="mod-container"><div class="mod-header stathead"><h1>{esc(team)} Roster</h1><span class="season">2012-13 Regular Season</span></div>
<div class="mod-content"><table cellspacing="1" cellpadding="3" class="tablehead">
<tr class="stathead"><td colspan="8">{esc(team)}</td></tr>
<tr class="colhead"><td>NO.</td><td>NAME</td><td>POS</td><td>AGE</td><td>HT</td><td>WT</td><td>COLLEGE</td><td>2012-2013 SALARY</td></tr>
""" + "\n".join(rows) + f"""
</table><p class="footnote">Coach: <a href="/coach/{i}">{esc(person())}</a></p></div></div>
<div class="mod-container sidebar"><h4>NBA Standings</h4><table class="standings">{''.join(f'<tr><td><a href="/t/{j}">{esc(t)}</a></td><td>{R.randint(10,60)}-{R.randint(10,60)}</td></tr>' for j,t in enumerate(other))}</table>
<h4>Top Scorers</h4><ol>{''.join(f'<li><a href="/p/{j}">{esc(mix(N, person))}</a>, {R.choice(POS)} &ndash; {R.randint(15,32)}.{R.randint(0,9)} ppg</li>' for j in range(3))}</ol></div></div>
<div id="footer">&copy; 2013 HoopsCentral Internet Ventures. <a href="/terms">Terms of Use</a> <a href="/privacy">Privacy Policy</a></div>
<script>var hc_roster={{teamId:{i},count:{n}}};</script></body></html>
"""
        pages.append(h)
    sod = r'''name = "nba-roster"
object = "player"
objects = "*"

[tuple.player]
name = "1"
team = { type = "team", mult = "?", scope = "page" }   # shown once per page (the heading), shared by every row
position = "1"
height = "?"

[entity.name]
dictionary = "name"

[entity.team]
dictionary = "team"

[entity.position]
regex = '\b(?:PG|SG|SF|PF|C|G|F)\b'

[entity.height]
regex = '\b\d-\d{1,2}\b'
'''
    write('nba-list', pages, exp, sod, {"name":"nbaplayer/name.txt","team":"nbaplayer/team.txt"})

movies(); unis(); rests(); nba()
