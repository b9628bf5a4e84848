#define HOMCOMP_STATIC
#define HOMCOMP_IMPLEMENTATION
#include HDR
#define CAT2(a,b) a##b
#define CAT(a,b) CAT2(a,b)
int CAT(PFX,comp)(const float *x, uint64_t n, double eb, void *o, size_t cap, size_t *l, int isa){
  hc_config c=hc_config_init(HC_F32,HC_ABS,eb); c.checksum=0; hc_options op={1,(hc_isa)isa};
  return hc_compress(&c,x,n,o,cap,l,&op);}
int CAT(PFX,add)(const void *a, size_t al, const float *y, uint64_t n, void *o, size_t cap, size_t *l, int isa){
  hc_options op={1,(hc_isa)isa}; return hc_add_raw(a,al,HC_F32,y,n,o,cap,l,&op);}
int CAT(PFX,vals)(const void *a, size_t al, const float *y, uint64_t n, void *o, size_t cap, size_t *l, float *v, int isa){
  hc_options op={1,(hc_isa)isa}; return hc_add_raw_values(a,al,HC_F32,y,n,o,cap,l,v,&op);}
int CAT(PFX,dec)(const void *a, size_t al, float *z, uint64_t n, int isa){
  hc_options op={1,(hc_isa)isa}; return hc_decompress(a,al,HC_F32,z,n,&op);}
