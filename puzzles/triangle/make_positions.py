# Writes positions.in/.out/.margins: 24 random partial games (6..17 moves, seed 1085),
# answered by an independent Python retrograde solver over all 2^18 segment sets.
# Run from the repository root: python3 puzzles/triangle/make_positions.py
import random
SEG=[(1,2),(1,3),(2,3),(2,4),(2,5),(3,5),(3,6),(4,5),(5,6),(4,7),(4,8),(5,8),(5,9),(6,9),(6,10),(7,8),(8,9),(9,10)]
TRI=[(1,2,3),(2,3,5),(2,4,5),(3,5,6),(4,5,8),(5,6,9),(4,7,8),(5,8,9),(6,9,10)]
idx={frozenset(s):i for i,s in enumerate(SEG)}
TM=[(1<<idx[frozenset((a,b))])|(1<<idx[frozenset((a,c))])|(1<<idx[frozenset((b,c))]) for a,b,c in TRI]
def gained(d,i):
    b=1<<i
    return sum(1 for m in TM if m&b and (m&~d)==b)
FULL=(1<<18)-1
V=[0]*(1<<18)
for d in range(FULL-1,-1,-1):
    best=-99
    for i in range(18):
        b=1<<i
        if d&b: continue
        g=gained(d,i); a=V[d|b]
        v=g+a if g else -a
        if v>best: best=v
    V[d]=best
print("empty", V[0])
rng=random.Random(1085)
games=[]
for m in list(range(6,18))*2:
    order=list(range(18)); rng.shuffle(order)
    games.append(order[:m])
inp=[str(len(games))]; out=[]; marg=[]
for k,g in enumerate(games,1):
    d=0; sa=sb=0; turn=0
    inp.append(str(len(g)))
    for i in g:
        inp.append("%d %d"%SEG[i])
        x=gained(d,i); d|=1<<i
        if x:
            if turn==0: sa+=x
            else: sb+=x
        else: turn^=1
    f=sa-sb+(1 if turn==0 else -1)*V[d]
    out.append("Game %d: %s wins."%(k,"A" if f>0 else "B"))
    marg.append("Game %d: %d"%(k,f))
open("puzzles/triangle/positions.in","w").write("\n".join(inp)+"\n")
open("puzzles/triangle/positions.out","w").write("\n".join(out)+"\n")
open("puzzles/triangle/positions.margins","w").write("\n".join(marg)+"\n")
