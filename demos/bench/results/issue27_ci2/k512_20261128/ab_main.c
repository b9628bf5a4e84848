#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#define DECL(P) int P##comp(const float*,uint64_t,double,void*,size_t,size_t*,int); int P##add(const void*,size_t,const float*,uint64_t,void*,size_t,size_t*,int); \
 int P##vals(const void*,size_t,const float*,uint64_t,void*,size_t,size_t*,float*,int); int P##dec(const void*,size_t,float*,uint64_t,int);
DECL(a_) DECL(b_)
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static uint64_t sm(uint64_t *x){uint64_t z=(*x+=0x9e3779b97f4a7c15ull);z=(z^(z>>30))*0xbf58476d1ce4e5b9ull;z=(z^(z>>27))*0x94d049bb133111ebull;return z^(z>>31);}
static double u01(uint64_t *s){return (sm(s)>>11)*(1.0/9007199254740992.0);}
int main(int argc,char**argv){
  uint64_t n=argc>1?strtoull(argv[1],0,0):1048576,seg=65536,ns=n/seg; int reps=argc>2?atoi(argv[2]):100, isa=argc>3?atoi(argv[3]):5;
  int data=argc>4?atoi(argv[4]):0; double rel=argc>5?atof(argv[5]):1e-4;
  float *x=malloc(n*4),*y=malloc(n*4); uint64_t s0=1,s1=2; double w=0,w1=0,mn=1e30,mx=-1e30;
  for(uint64_t i=0;i<n;i++){ if(data==0){w+=u01(&s0)-0.5; w1+=u01(&s1)-0.5;} else {w=u01(&s0)+u01(&s0)+u01(&s0)-1.5; w1=u01(&s1)+u01(&s1)+u01(&s1)-1.5;}
    x[i]=(float)w; y[i]=(float)w1; if(x[i]<mn)mn=x[i]; if(x[i]>mx)mx=x[i];}
  double eb=rel*(mx-mn); size_t cap=131072*4+4096; unsigned char *A=malloc(ns*cap),*O=malloc(cap),*O2=malloc(cap); size_t *al=malloc(ns*8);
  float *z=malloc(seg*4),*z2=malloc(seg*4);
  for(uint64_t g=0;g<ns;g++) if(a_comp(x+g*seg,seg,eb,A+g*cap,cap,&al[g],isa)) {puts("comp fail");return 1;}
  if(!getenv("NOCHECK"))
  for(uint64_t g=0;g<ns;g++){ size_t l1,l2; int r1,r2;
    r1=a_comp(x+g*seg,seg,eb,O,cap,&l1,isa); r2=b_comp(x+g*seg,seg,eb,O2,cap,&l2,isa); if(r1!=r2||l1!=l2||memcmp(O,O2,l1)){puts("DIFF comp");return 1;}
    r1=a_add(A+g*cap,al[g],y+g*seg,seg,O,cap,&l1,isa); r2=b_add(A+g*cap,al[g],y+g*seg,seg,O2,cap,&l2,isa); if(r1!=r2||l1!=l2||memcmp(O,O2,l1)){puts("DIFF add");return 1;}
    r1=a_vals(A+g*cap,al[g],y+g*seg,seg,O,cap,&l1,z,isa); r2=b_vals(A+g*cap,al[g],y+g*seg,seg,O2,cap,&l2,z2,isa); if(r1!=r2||l1!=l2||memcmp(O,O2,l1)||memcmp(z,z2,seg*4)){puts("DIFF vals");return 1;}
  }
  double B[2][4]; for(int i=0;i<8;i++) B[i/4][i%4]=1e9;
  for(int r=0;r<reps;r++) for(int v=0;v<2;v++){ int vv=(r&1)?1-v:v; double t0=now(),t1,t2,t3,t4; size_t l;
    if(!vv){ for(uint64_t g=0;g<ns;g++) a_comp(x+g*seg,seg,eb,O,cap,&l,isa); t1=now();
      for(uint64_t g=0;g<ns;g++) a_add(A+g*cap,al[g],y+g*seg,seg,O,cap,&l,isa); t2=now();
      for(uint64_t g=0;g<ns;g++) a_vals(A+g*cap,al[g],y+g*seg,seg,O,cap,&l,z,isa); t3=now();
      for(uint64_t g=0;g<ns;g++) a_dec(A+g*cap,al[g],z,seg,isa); t4=now(); }
    else { for(uint64_t g=0;g<ns;g++) b_comp(x+g*seg,seg,eb,O,cap,&l,isa); t1=now();
      for(uint64_t g=0;g<ns;g++) b_add(A+g*cap,al[g],y+g*seg,seg,O,cap,&l,isa); t2=now();
      for(uint64_t g=0;g<ns;g++) b_vals(A+g*cap,al[g],y+g*seg,seg,O,cap,&l,z,isa); t3=now();
      for(uint64_t g=0;g<ns;g++) b_dec(A+g*cap,al[g],z,seg,isa); t4=now(); }
    double d[4]={t1-t0,t2-t1,t3-t2,t4-t3}; for(int k=0;k<4;k++) if(d[k]<B[vv][k]) B[vv][k]=d[k]; }
  const char *nm[4]={"compress","add_raw","add_raw_values","decompress"};
  printf("n %llu isa %d data %s rel %g reps %d: best-of GB/s  A | B | B/A\n",(unsigned long long)n,isa,data?"normal":"walk",rel,reps);
  for(int k=0;k<4;k++) printf("%-15s %7.3f %7.3f  %.3f\n",nm[k],n*4/B[0][k]/1e9,n*4/B[1][k]/1e9,B[0][k]/B[1][k]);
  printf("add_raw/compress time: A %.3f B %.3f\n",B[0][1]/B[0][0],B[1][1]/B[1][0]);
  return 0;}
